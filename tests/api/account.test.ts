import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { User } from '../../server/models';
import { messageText } from '../../shared/messages';
import { PASSWORD, adminWorld, createCharge, createOrganization, createProperty, createUnit, createUser, signedIn } from '../support/factories';
import { client } from '../support/services';

// A 1x1 PNG; its bytes say PNG whatever a client claims.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A charge billed to the user (on a unit of a new property of the organization). */
async function insertCharge(userId: number, organizationId: number, amount = 10_000) {
  const property = await createProperty({ organizationId });
  const unit = await createUnit({ propertyId: property.id });
  await createCharge({ unitId: unit.id, userId, amount });
}

describe('PUT /api/user/profile', () => {
  it('answers 401 without a session', async () => {
    expect((await (await client()).put('/api/user/profile').send({ name: 'Ana', lastName: 'Pérez' })).status).toBe(401);
  });

  it('refuses invalid fields with the spec messages and changes nothing', async () => {
    const user = await createUser({ name: 'Ana', lastName: 'Pérez' });
    const agent = await signedIn(user);
    const response = await agent.put('/api/user/profile').send({ name: 'A', lastName: ' B ', email: 'no-es-correo' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      name: 'El nombre es requerido',
      lastName: 'El apellido es requerido',
      email: 'Se requiere un correo electrónico válido',
    });
    const location = await agent.put('/api/user/profile').send({ name: 'Ana', lastName: 'Pérez', country: 'DO', city: 'ES-madrid' });
    expect(location.status).toBe(400);
    expect(location.body.fields).toEqual({ city: 'Ciudad desconocida para el país elegido' });
    const unknownCountry = await agent.put('/api/user/profile').send({ name: 'Ana', lastName: 'Pérez', country: 'XX' });
    expect(unknownCountry.body.fields).toEqual({ country: 'País desconocido' });
    expect(await User.query().findById(user.id)).toMatchObject({ name: 'Ana', lastName: 'Pérez', country: null });
  });

  it('saves the profile, trims it, empties optional fields and keeps the login email', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    const response = await agent.put('/api/user/profile').send({
      name: '  Lucía ',
      lastName: 'Gómez',
      email: 'LUCIA@Correo.DO',
      phone: '',
      country: 'DO',
      city: 'DO-santiago',
      propertyRef: 'Torre A',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Lucía',
      lastName: 'Gómez',
      email: 'lucia@correo.do',
      phone: null,
      country: 'DO',
      city: 'DO-santiago',
      propertyRef: 'Torre A',
      username: user.username,
    });
    expect((await agent.get('/api/user')).body.name).toBe('Lucía');
  });
});

describe('PUT /api/user/password', () => {
  it('refuses a wrong current password with its message and keeps the old password', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    const response = await agent.put('/api/user/password').send({ currentPassword: 'equivocada', newPassword: 'nueva-clave-1' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: 'La contraseña actual es incorrecta',
      fields: { currentPassword: 'La contraseña actual es incorrecta' },
    });
    await signedIn(user); // PASSWORD still works
  });

  it('validates the new password length', async () => {
    const agent = await signedIn(await createUser());
    const response = await agent.put('/api/user/password').send({ currentPassword: '', newPassword: 'corta' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      currentPassword: 'La contraseña actual es requerida',
      newPassword: 'La contraseña debe tener al menos 8 caracteres',
    });
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const user = await createUser({ mustChangePassword: true });
    const agent = await signedIn(user);
    const otherBrowser = await signedIn(user);
    const response = await agent.put('/api/user/password').send({ currentPassword: PASSWORD, newPassword: 'nueva-clave-1' });
    expect(response.status).toBe(200);
    expect((await agent.get('/api/user')).body).toMatchObject({ id: user.id, mustChangePassword: false });
    expect((await otherBrowser.get('/api/user')).status).toBe(401);
    const fresh = await client();
    expect((await fresh.post('/api/login').send({ username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await fresh.post('/api/login').send({ username: user.username, password: 'nueva-clave-1' })).status).toBe(200);
  });
});

describe('a temporary password', () => {
  it('is not asked again right after signing in with it, and cannot become the new password', async () => {
    const { agent: admin, organization } = await adminWorld();
    const user = await createUser({ organizationId: organization.id, role: 'Propietario' });
    const { tempPassword } = (await admin.post(`/api/users/${user.id}/reset-password`)).body;
    const agent = await client();
    const signIn = await agent.post('/api/login').send({ username: user.username, password: tempPassword });
    expect(signIn.body).toMatchObject({ mustChangePassword: true, currentPasswordRequired: false });
    expect((await agent.get('/api/user')).body.currentPasswordRequired).toBe(false);

    const reused = await agent.put('/api/user/password').send({ newPassword: tempPassword });
    expect(reused.status).toBe(400);
    expect(reused.body.fields).toEqual({ newPassword: 'La nueva contraseña no puede ser la contraseña temporal' });

    expect((await agent.put('/api/user/password').send({ newPassword: 'mi-clave-nueva-1' })).status).toBe(200);
    expect((await agent.get('/api/user')).body).toMatchObject({ mustChangePassword: false, currentPasswordRequired: true });
    // From now on the current password is asked for, and the new one must differ from it.
    expect((await agent.put('/api/user/password').send({ newPassword: 'otra-clave-2' })).body.fields).toEqual({
      currentPassword: messageText('current_password_required'),
    });
    const same = await agent.put('/api/user/password').send({ currentPassword: 'mi-clave-nueva-1', newPassword: 'mi-clave-nueva-1' });
    expect(same.body.fields).toEqual({ newPassword: 'La nueva contraseña debe ser distinta de la actual' });
  });

  it('is asked for by a session that was not opened with it', async () => {
    const user = await createUser({ role: 'Propietario' });
    const agent = await signedIn(user);
    await db()('users').where({ id: user.id }).update({ mustChangePassword: true });
    expect((await agent.get('/api/user')).body.currentPasswordRequired).toBe(true);
    const response = await agent.put('/api/user/password').send({ newPassword: 'mi-clave-nueva-1' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ currentPassword: messageText('current_password_required') });
  });
});

describe('PUT /api/user/preferences', () => {
  it('answers the spec defaults for a new user', async () => {
    const agent = await signedIn(await createUser());
    const { body } = await agent.get('/api/user');
    expect(body.language).toBe('es');
    expect(body.preferences).toEqual({
      notifications: { email: true, messages: true, visitor: true, maintenance: true, payment: true, marketing: false },
      privacy: { profileVisibility: true, contactVisibility: false, dataCollection: true, cookies: true },
    });
  });

  it('updates only what is sent, and the language', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    await agent.put('/api/user/preferences').send({ notifications: { marketing: true } }).expect(200);
    const response = await agent.put('/api/user/preferences').send({ language: 'en', privacy: { cookies: false } });
    expect(response.status).toBe(200);
    expect(response.body.language).toBe('en');
    expect(response.body.preferences).toEqual({
      notifications: { email: true, messages: true, visitor: true, maintenance: true, payment: true, marketing: true },
      privacy: { profileVisibility: true, contactVisibility: false, dataCollection: true, cookies: false },
    });
    expect(await User.query().findById(user.id)).toMatchObject({ language: 'en' });
  });

  it('refuses an unknown language and a non-boolean switch', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    const language = await agent.put('/api/user/preferences').send({ language: 'fr' });
    expect(language.status).toBe(400);
    expect(language.body.fields).toEqual({ language: 'Idioma no disponible' });
    expect((await agent.put('/api/user/preferences').send({ notifications: { email: 'sí' } })).status).toBe(400);
    expect(await User.query().findById(user.id)).toMatchObject({ language: 'es', preferences: {} });
  });
});

describe('profile photo', () => {
  it('stores a PNG, serves it to the organization and removes it', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    const response = await agent.put('/api/user/avatar').send({ fileType: 'image/png', content: PNG.toString('base64') });
    expect(response.status).toBe(200);
    expect(response.body.avatarUrl).toMatch(new RegExp(`^/api/users/${user.id}/avatar\\?v=\\d+$`));

    const neighbour = await signedIn(await createUser({ organizationId: user.organizationId, role: 'Propietario' }));
    const photo = await neighbour.get(`/api/users/${user.id}/avatar`).buffer(true);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body, PNG)).toBe(0);

    const stranger = await signedIn(await createUser({ role: 'Propietario' }));
    expect((await stranger.get(`/api/users/${user.id}/avatar`)).status).toBe(404);

    expect((await agent.delete('/api/user/avatar')).body.avatarUrl).toBeNull();
    expect((await neighbour.get(`/api/users/${user.id}/avatar`)).status).toBe(404);
  });

  it('refuses other types, bytes that are not what they claim, and photos over 1 MB', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    const webp = await agent.put('/api/user/avatar').send({ fileType: 'image/webp', content: PNG.toString('base64') });
    expect(webp.status).toBe(400);
    expect(webp.body.fields).toEqual({ fileType: 'La foto debe ser JPG, GIF o PNG' });

    const disguised = await agent.put('/api/user/avatar').send({ fileType: 'image/jpeg', content: PNG.toString('base64') });
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe('La foto debe ser JPG, GIF o PNG');

    const text = await agent.put('/api/user/avatar').send({ fileType: 'image/png', content: Buffer.from('hola').toString('base64') });
    expect(text.status).toBe(400);

    const large = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await agent.put('/api/user/avatar').send({ fileType: 'image/png', content: large.toString('base64') });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('La foto no puede superar 1 MB');

    expect(await User.query().findById(user.id)).toMatchObject({ avatarType: null });
  });
});

describe('GET /api/user/export', () => {
  it('downloads the caller’s own data only, without secrets', async () => {
    const organization = await createOrganization();
    const user = await createUser({ organizationId: organization.id });
    const neighbour = await createUser({ organizationId: organization.id });
    await insertCharge(user.id, organization.id, 12_345);
    await insertCharge(neighbour.id, organization.id, 99_999);

    const response = await (await signedIn(user)).get('/api/user/export');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="vecindad-datos-${user.id}.json"`);
    expect(response.body.profile).toMatchObject({ id: user.id, username: user.username });
    expect(response.body.charges.map((c: { amount: number }) => c.amount)).toEqual([12_345]);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(neighbour.username);
    expect(text).not.toContain('scrypt');
    expect(response.body.profile.password).toBeUndefined();
  });
});

describe('DELETE /api/user', () => {
  it('refuses a wrong password and keeps the account', async () => {
    const user = await createUser();
    const response = await (await signedIn(user)).delete('/api/user').send({ password: 'equivocada' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ password: 'La contraseña es incorrecta' });
    expect(await User.query().findById(user.id)).toBeDefined();
  });

  it('refuses the last Administrador of the organization with its message', async () => {
    const admin = await createUser({ role: 'Administrador' });
    const response = await (await signedIn(admin)).delete('/api/user').send({ password: PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: 'last_administrator',
      message: 'No puede eliminar su cuenta: es el último Administrador de la organización',
    });
    expect(await User.query().findById(admin.id)).toBeDefined();
  });

  it('deletes an account without payments and ends its session', async () => {
    const organization = await createOrganization();
    await createUser({ role: 'Administrador', organizationId: organization.id });
    const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
    const agent = await signedIn(admin);
    expect((await agent.delete('/api/user').send({ password: PASSWORD })).status).toBe(200);
    expect(await User.query().findById(admin.id)).toBeUndefined();
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('anonymises an account that has charges, keeping them', async () => {
    const user = await createUser({ phone: '809-555-0101' });
    await insertCharge(user.id, user.organizationId);
    const other = await signedIn(user);
    const agent = await signedIn(user);
    expect((await agent.delete('/api/user').send({ password: PASSWORD })).status).toBe(200);

    const row = await User.query().findById(user.id);
    expect(row).toMatchObject({
      username: `eliminado-${user.id}@vecindad.invalid`,
      name: 'Usuario',
      email: null,
      phone: null,
      isActive: false,
    });
    expect(await db()('charges').where({ userId: user.id })).toHaveLength(1);
    expect(await db()('session').where({ userId: user.id })).toHaveLength(0);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await (await client()).post('/api/login').send({ username: user.username, password: PASSWORD })).status).toBe(401);
  });
});
