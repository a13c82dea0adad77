import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { User } from '../../server/models';
import { PASSWORD, createOrganization, createUser, signedIn, unique } from '../support/factories';
import { client } from '../support/services';

const cookies = (response: { headers: Record<string, unknown> }) => response.headers['set-cookie'] as unknown as string[];

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Carlos',
  lastName: 'Rodríguez',
  username: `${unique('reg')}@example.com`,
  phone: '809-555-0101',
  country: 'DO',
  city: 'DO-santo-domingo',
  password: 'secreto1',
  acceptedTerms: true,
  ...overrides,
});

describe('GET /api/user', () => {
  it('answers 401 without a session', async () => {
    const response = await (await client()).get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: 'Debe iniciar sesión' });
  });

  it('answers the signed-in user without the password hash', async () => {
    const user = await createUser({ role: 'Propietario' });
    const agent = await signedIn(user);
    const response = await agent.get('/api/user');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, username: user.username, role: 'Propietario' });
    expect(JSON.stringify(response.body)).not.toContain('scrypt');
    expect(response.body.password).toBeUndefined();
  });

  it('says whether the user is an operator (super-admins, administrators of a master organization)', async () => {
    const master = await createOrganization({ type: 'master' });
    const clientOrganization = await createOrganization();
    const operators = [
      await createUser({ role: 'Administrador', organizationId: master.id }),
      await createUser({ role: 'Administrador', isSuperAdmin: true, organizationId: clientOrganization.id }),
    ];
    const others = [
      await createUser({ role: 'Administrador', organizationId: clientOrganization.id }),
      await createUser({ role: 'Propietario', organizationId: master.id }),
    ];
    for (const [users, operator] of [[operators, true], [others, false]] as const) {
      for (const user of users) {
        const agent = await client();
        const login = await agent.post('/api/login').send({ username: user.username, password: PASSWORD });
        expect(login.body.operator, user.username).toBe(operator);
        expect((await agent.get('/api/user')).body.operator, user.username).toBe(operator);
        expect((await agent.get('/api/admin/mail/status')).status).toBe(operator ? 200 : 403);
      }
    }
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and sets an httpOnly SameSite=Lax cookie', async () => {
    const user = await createUser();
    const response = await (await client()).post('/api/login').send({ username: user.username.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(user.id);
    const cookie = cookies(response).find((c: string) => c.startsWith('vecindad.sid='));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });

  it('refuses a wrong password with 401 and the spec message', async () => {
    const user = await createUser();
    const response = await (await client()).post('/api/login').send({ username: user.username, password: 'equivocada' });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Correo electrónico o contraseña incorrectos');
  });

  it('validates the email and the password length with field messages', async () => {
    const response = await (await client()).post('/api/login').send({ username: 'no-es-correo', password: '123' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      username: 'Debe ser un correo electrónico válido',
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
  });

  it('gives a new session id at sign-in (no session fixation)', async () => {
    const user = await createUser();
    const agent = await client();
    // A first sign-in leaves a session cookie; signing in again must replace its id.
    const first = await agent.post('/api/login').send({ username: user.username, password: PASSWORD });
    const firstSid = cookies(first).find((c: string) => c.startsWith('vecindad.sid='));
    const second = await agent.post('/api/login').send({ username: user.username, password: PASSWORD });
    const secondSid = cookies(second).find((c: string) => c.startsWith('vecindad.sid='));
    expect(secondSid?.split(';')[0]).not.toBe(firstSid?.split(';')[0]);
    const sessions = await db()('session').where({ userId: user.id });
    expect(sessions).toHaveLength(1);
  });

  it('limits failed attempts per username and IP with 429', async () => {
    const user = await createUser();
    const agent = await client();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await agent.post('/api/login').send({ username: user.username, password: 'equivocada' })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const blocked = await agent.post('/api/login').send({ username: user.username, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Demasiados intentos/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/register', () => {
  it('creates a Residente whatever role is sent, and signs them in', async () => {
    await createOrganization();
    const agent = await client();
    const body = registration({ role: 'Administrador', isSuperAdmin: true });
    const response = await agent.post('/api/register').send(body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ username: body.username, role: 'Residente', isSuperAdmin: false, termsAccepted: true });
    expect((await agent.get('/api/user')).body.id).toBe(response.body.id);
    // The password is stored at the production cost (the fixtures' users carry a cheap one).
    const stored = await db()('users').where({ id: response.body.id }).first('password');
    expect(stored.password).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  it('gives each rule its Spanish message and writes nothing', async () => {
    const agent = await client();
    const response = await agent
      .post('/api/register')
      .send({ username: 'mal', password: '1', acceptedTerms: false, country: 'XX', city: 'DO-santiago' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({
      name: 'Este campo es requerido',
      lastName: 'Este campo es requerido',
      phone: 'Este campo es requerido',
      username: 'Debe ser un correo electrónico válido',
      password: 'La contraseña debe tener al menos 6 caracteres',
      acceptedTerms: 'Debe aceptar los términos y condiciones',
    });
  });

  it('refuses a city of another country', async () => {
    const response = await (await client()).post('/api/register').send(registration({ country: 'ES', city: 'DO-santiago' }));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ city: 'Ciudad desconocida para el país elegido' });
  });

  it('answers 409 for a username already taken', async () => {
    const user = await createUser();
    const before = await User.query().resultSize();
    const response = await (await client()).post('/api/register').send(registration({ username: user.username }));
    expect(response.status).toBe(409);
    expect(response.body.fields.username).toBe('Ya existe una cuenta con este correo electrónico');
    expect(await User.query().resultSize()).toBe(before);
  });
});

describe('POST /api/logout', () => {
  it('destroys the server-side session', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    expect(await db()('session').where({ userId: user.id })).toHaveLength(1);
    const response = await agent.post('/api/logout');
    expect(response.status).toBe(200);
    expect(await db()('session').where({ userId: user.id })).toHaveLength(0);
    expect((await agent.get('/api/user')).status).toBe(401);
  });
});

describe('the session hint cookie', () => {
  const hint = (response: { headers: Record<string, unknown> }) => cookies(response)?.find((c: string) => c.startsWith('vecindad.session='));
  const cleared = (cookie?: string) => /^vecindad\.session=;/.test(cookie ?? '') && /expires=Thu, 01 Jan 1970/i.test(cookie ?? '');

  it('is set, readable by the page, at sign-in and registration, like the session cookie', async () => {
    const user = await createUser();
    const login = await (await client()).post('/api/login').send({ username: user.username, password: PASSWORD });
    const cookie = hint(login);
    expect(cookie).toMatch(/^vecindad\.session=1;/);
    expect(cookie).not.toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).toMatch(/path=\//);
    const session = cookies(login).find((c: string) => c.startsWith('vecindad.sid='))!;
    expect(cookie!.match(/expires=([^;]+)/)![1]).toBe(session.match(/expires=([^;]+)/)![1]);

    await createOrganization();
    const register = await (await client()).post('/api/register').send(registration());
    expect(register.status).toBe(201);
    expect(hint(register)).toMatch(/^vecindad\.session=1;/);
  });

  it('is not set by a failed sign-in nor by the requests of a visitor', async () => {
    const user = await createUser();
    const agent = await client();
    expect(hint(await agent.post('/api/login').send({ username: user.username, password: 'equivocada' }))).toBeUndefined();
    expect(hint(await agent.get('/api/user'))).toBeUndefined();
    expect(hint(await agent.get('/api/settings/branding'))).toBeUndefined();
  });

  it('goes at sign-out', async () => {
    const agent = await signedIn(await createUser());
    const response = await agent.post('/api/logout');
    expect(cleared(hint(response))).toBe(true);
  });

  it('goes, with the session, when a request finds no signed-in user behind it', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    expect(hint(await agent.get('/api/user'))).toBeUndefined(); // nothing to change while signed in
    await db()('session').where({ userId: user.id }).delete(); // ended elsewhere (password reset)
    const response = await agent.get('/api/user');
    expect(response.status).toBe(401);
    expect(cleared(hint(response))).toBe(true);
    expect(cookies(response).find((c: string) => c.startsWith('vecindad.sid='))).toMatch(/^vecindad\.sid=;/);

    const suspended = await createUser();
    const other = await signedIn(suspended);
    await db()('organizations').where({ id: suspended.organizationId }).update({ status: 'suspended' });
    expect(cleared(hint(await other.get('/api/notifications')))).toBe(true);
    expect(await db()('session').where({ userId: suspended.id })).toHaveLength(0);
  });

  it('stays, with the next session, when a request under way with the session a sign-in replaced answers after it', async () => {
    const user = await createUser();
    const login = await (await client()).post('/api/login').send({ username: user.username, password: PASSWORD });
    const first = cookies(login).map((c: string) => c.split(';')[0]).join('; ');
    // The same browser signs in again (another tab): the first session is replaced.
    const again = await (await client()).post('/api/login').set('Cookie', first).send({ username: user.username, password: PASSWORD });
    expect(again.status).toBe(200);
    const sid = (header: string) => /vecindad\.sid=([^;]*)/.exec(header)![1];
    expect(sid(cookies(again).join('; '))).not.toBe(sid(first));

    // A request of the first tab, sent with the first session's cookies, answers after it.
    const late = await (await client()).get('/api/user').set('Cookie', first);
    expect(late.status).toBe(401);
    expect(cookies(late) ?? []).toEqual([]);
    const [replaced] = await db()('session').where({ sid: sid(first) });
    expect(replaced).toMatchObject({ sess: { ended: true }, userId: null });

    // Signing in over it starts a live session; a minute later it is stale like any other.
    const over = await (await client()).post('/api/login').set('Cookie', first).send({ username: user.username, password: PASSWORD });
    const [live] = await db()('session').where({ sid: sid(cookies(over).join('; ')) });
    expect(live.sess.ended).toBeUndefined();
    expect(live.userId).toBe(user.id);
    await db()('session').where({ sid: sid(first) }).update({ expire: new Date(Date.now() - 1000) });
    const stale = await (await client()).get('/api/user').set('Cookie', first);
    expect(cleared(hint(stale))).toBe(true);
  });
});

describe('bad input', () => {
  it('answers 400 for malformed JSON', async () => {
    const response = await (await client()).post('/api/login').set('Content-Type', 'application/json').send('{"username":');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_json');
  });

  it('answers 415 for a form body', async () => {
    const response = await (await client()).post('/api/login').type('form').send('username=a@b.co&password=123456');
    expect(response.status).toBe(415);
  });

  it('answers 413 for an oversized body', async () => {
    const response = await (await client())
      .post('/api/login')
      .send({ username: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
  });

  it('refuses a mutating request from another site with 403', async () => {
    const user = await createUser();
    const response = await (await client())
      .post('/api/login')
      .set('Origin', 'https://evil.example')
      .send({ username: user.username, password: PASSWORD });
    expect(response.status).toBe(403);
  });

  it('answers JSON 404 for unknown /api paths', async () => {
    const response = await (await client()).get('/api/no-existe');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('not_found');
  });
});

describe('organization status and limits', () => {
  it('a suspended organization cannot sign in, and its open sessions end', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    await db()('organizations').where({ id: user.organizationId }).update({ status: 'suspended' });
    expect((await agent.get('/api/user')).status).toBe(401);
    const response = await (await client()).post('/api/login').send({ username: user.username, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('La organización no está activa. Contacte a la administración.');
  });

  it('a wrong password for a suspended organization is still a plain 401', async () => {
    const user = await createUser();
    await db()('organizations').where({ id: user.organizationId }).update({ status: 'inactive' });
    const response = await (await client()).post('/api/login').send({ username: user.username, password: 'equivocada' });
    expect(response.status).toBe(401);
  });

  it('registration into a full organization answers 409 and writes nothing', async () => {
    const organization = await createOrganization({ domain: `${unique('full')}.vecindad.do`, maxUsers: 1 });
    await createUser({ organizationId: organization.id });
    const response = await (await client())
      .post('/api/register')
      .set('Host', organization.domain!)
      .send(registration());
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('La organización alcanzó el máximo de usuarios permitido');
    expect(await User.query().where({ organizationId: organization.id }).resultSize()).toBe(1);
  });
});
