import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { recordEvent } from '../../server/events/outbox';
import { loadEvent } from '../../server/events/relay';
import { deliverNotifications } from '../../server/notifications/deliver';
import { ruleFor } from '../../server/notifications/rules';
import { User } from '../../server/models';
import { RESET_REQUESTED } from '../../server/routes/password';
import { PASSWORD, adminWorld, createOrganization, createProperty, createResident, createUser, signedIn } from '../support/factories';
import { client, testApp } from '../support/services';

beforeAll(async () => {
  await testApp();
});

/** A direct message to the user, delivered as the worker would (inbox row and email). */
async function message(user: User, title = 'Aviso directo') {
  const [eventId] = await transaction((trx) =>
    recordEvent(trx, {
      type: 'notice.sent',
      organizationId: user.organizationId,
      audience: 'user',
      userId: user.id,
      payload: { title, message: 'Un mensaje de la administración.', senderName: 'Marta' },
    }),
  );
  const event = (await loadEvent(eventId))!;
  await transaction((trx) => deliverNotifications(trx, event, ruleFor(event.type)!));
  return eventId;
}

const emailsTo = (address: string) => db()('emailOutbox').where({ toAddress: address }).orderBy('id');
const tokenIn = (text: string, page: string) => new RegExp(`${page}#([\\w-]+)`).exec(text)?.[1];

describe('the inbox', () => {
  it('401 signed out', async () => {
    const agent = await client();
    expect((await agent.get('/api/notifications')).status).toBe(401);
    expect((await agent.get('/api/notifications/unread-count')).status).toBe(401);
    expect((await agent.post('/api/notifications/read-all')).status).toBe(401);
  });

  it('lists the user’s notifications newest first, read and unread, and counts the unread', async () => {
    const { user } = await createResident();
    await message(user, 'Primero');
    await message(user, 'Segundo');
    const agent = await signedIn(user);

    const all = await agent.get('/api/notifications');
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.headers['x-unread-count']).toBe('2');
    expect(all.body.map((n: { title: string }) => n.title)).toEqual(['Segundo', 'Primero']);
    expect(all.body[0]).toMatchObject({ type: 'notice.sent', category: 'messages', read: false, link: null });
    expect(all.body[0].body).toContain('Un mensaje de la administración.');

    const read = await agent.patch(`/api/notifications/${all.body[1].id}`).send({ read: true });
    expect(read.body).toMatchObject({ id: all.body[1].id, read: true });
    expect((await agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 1 });
    const unread = await agent.get('/api/notifications?unread=true');
    expect(unread.body.map((n: { title: string }) => n.title)).toEqual(['Segundo']);
    expect((await agent.patch(`/api/notifications/${all.body[1].id}`).send({ read: false })).body.read).toBe(false);

    expect((await agent.post('/api/notifications/read-all')).body).toEqual({ updated: 2 });
    expect((await agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
    // Other tabs hear that the count changed.
    expect(await db()('events').where({ type: 'notification.read', userId: user.id })).not.toHaveLength(0);
  });

  it('speaks the reader’s language, and rejects bad input', async () => {
    const { user } = await createResident({ user: { language: 'en' } });
    await message(user);
    const agent = await signedIn(user);
    const [notification] = (await agent.get('/api/notifications')).body;
    expect(notification.body).toContain('Marta, administration');
    expect((await agent.patch(`/api/notifications/${notification.id}`).send({ read: 'sí' })).body).toMatchObject({
      error: 'validation_error',
      fields: { read: 'Must be true or false' },
    });
    expect((await agent.get('/api/notifications?limit=0')).status).toBe(400);
  });

  it('another user’s notification is not found', async () => {
    const { user } = await createResident();
    const { user: neighbour } = await createResident();
    await message(user);
    const [notification] = await db()('notifications').where({ userId: user.id });
    const agent = await signedIn(neighbour);
    expect((await agent.patch(`/api/notifications/${notification.id}`).send({ read: true })).status).toBe(404);
    expect((await agent.get('/api/notifications')).body).toEqual([]);
  });

  it('the same event twice adds no second notification nor email', async () => {
    const { user } = await createResident();
    const eventId = await message(user);
    const event = (await loadEvent(eventId))!;
    expect(await transaction((trx) => deliverNotifications(trx, event, ruleFor(event.type)!))).toBe(0);
    expect(await db()('notifications').where({ userId: user.id })).toHaveLength(1);
    expect(await emailsTo(user.email!)).toHaveLength(1);
  });
});

describe('email preferences', () => {
  it('the email switch off keeps notifications in the inbox only', async () => {
    const { user } = await createResident();
    const agent = await signedIn(user);
    const saved = await agent.put('/api/user/preferences').send({ notifications: { email: false } });
    expect(saved.body.preferences.notifications).toMatchObject({ email: false, messages: true });
    await message(user);
    expect(await db()('notifications').where({ userId: user.id })).toHaveLength(1);
    expect(await emailsTo(user.email!)).toHaveLength(0);
  });

  it('a user without an email address gets the notification only', async () => {
    const { user } = await createResident({ user: { email: null } });
    await message(user);
    expect(await db()('notifications').where({ userId: user.id })).toHaveLength(1);
    expect(await db()('emailOutbox').where({ userId: user.id })).toHaveLength(0);
  });
});

describe('forgot password', () => {
  it('answers the same whether or not the account exists; only an account gets a link', async () => {
    const { user } = await createResident();
    const agent = await client();
    const known = await agent.post('/api/password/forgot').send({ username: user.username.toUpperCase() });
    const unknown = await agent.post('/api/password/forgot').send({ username: 'no-existe@example.com' });
    expect(known.status).toBe(202);
    expect(known.body).toEqual({ message: RESET_REQUESTED });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    const [email] = await emailsTo(user.email!);
    expect(email).toMatchObject({ kind: 'password_reset', category: 'account', status: 'pending', language: 'es' });
    expect(await emailsTo('no-existe@example.com')).toHaveLength(0);
    expect((await agent.post('/api/password/forgot').send({ username: 'no es correo' })).status).toBe(400);
  });

  it('is limited per account (known or not) and per IP', async () => {
    const agent = await client();
    for (let i = 0; i < 3; i++) expect((await agent.post('/api/password/forgot').send({ username: 'limite@example.com' })).status).toBe(202);
    const refused = await agent.post('/api/password/forgot').send({ username: 'limite@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body.message).toMatch(/Demasiadas solicitudes/);
    // Seven more addresses from the same IP reach its limit of ten.
    for (let i = 0; i < 6; i++) await agent.post('/api/password/forgot').send({ username: `otro${i}@example.com` });
    expect((await agent.post('/api/password/forgot').send({ username: 'ultimo@example.com' })).status).toBe(429);

    // The other tests of this file come from the same IP.
    const redis = (await testApp()).context.services.redis;
    const keys = await redis.keys(`${process.env.REDIS_PREFIX}:reset:*`);
    if (keys.length) await redis.del(...keys);
  });

  it('the link works once, within an hour, and ends every session of the account', async () => {
    const { user } = await createResident();
    const other = await signedIn(user);
    const agent = await client();
    await agent.post('/api/password/forgot').send({ username: user.username });
    const [email] = await emailsTo(user.email!);
    const token = tokenIn(email.textBody, '/reset-password')!;
    expect(email.htmlBody).toContain(`/reset-password#${token}`);

    const described = await agent.post('/api/password/token').send({ token });
    expect(described.body).toMatchObject({ purpose: 'password_reset', name: user.name, username: user.username });
    expect((await agent.post('/api/password/reset').send({ token, password: 'corta' })).status).toBe(400);
    const reset = await agent.post('/api/password/reset').send({ token, password: 'mi-nueva-clave' });
    expect(reset.body).toEqual({ success: true, username: user.username });
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await agent.post('/api/login').send({ username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await agent.post('/api/login').send({ username: user.username, password: 'mi-nueva-clave' })).status).toBe(200);

    const again = await agent.post('/api/password/reset').send({ token, password: 'otra-clave-mas' });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('token_invalid');
    expect((await agent.post('/api/password/token').send({ token })).status).toBe(410);
    expect(await db()('events').where({ type: 'user.password_recovered', userId: user.id })).toHaveLength(1);
  });

  it('an expired link, or one replaced by a newer one, does not work', async () => {
    const { user } = await createResident();
    const agent = await client();
    await agent.post('/api/password/forgot').send({ username: user.username });
    await agent.post('/api/password/forgot').send({ username: user.username });
    const [first, second] = await emailsTo(user.email!);
    const replaced = tokenIn(first.textBody, '/reset-password')!;
    const latest = tokenIn(second.textBody, '/reset-password')!;
    expect((await agent.post('/api/password/reset').send({ token: replaced, password: 'clave-nueva-1' })).status).toBe(410);

    await db()('userTokens').where({ userId: user.id }).update({
      createdAt: db().raw("now() - interval '2 hours'"),
      expiresAt: db().raw("now() - interval '1 hour'"),
    });
    expect((await agent.post('/api/password/reset').send({ token: latest, password: 'clave-nueva-1' })).status).toBe(410);
    expect((await agent.post('/api/password/reset').send({ token: 'inventado', password: 'clave-nueva-1' })).status).toBe(410);
  });
});

describe('invitations', () => {
  it('a new resident with an email is invited; the link sets their password and ends the temporary one', async () => {
    const { agent, property } = await adminWorld();
    const created = await agent.post(`/api/properties/${property.id}/residents`).send({ name: 'Rosa', lastName: 'Díaz', username: 'rosa.diaz@example.com', unit: '3C', createUnit: true });
    expect(created.body).toMatchObject({ invited: true, tempPassword: expect.any(String) });
    const [email] = await emailsTo('rosa.diaz@example.com');
    expect(email).toMatchObject({ kind: 'invitation', category: 'account' });
    const token = tokenIn(email.textBody, '/invitation')!;

    const visitor = await client();
    expect((await visitor.post('/api/password/token').send({ token })).body).toMatchObject({ purpose: 'invitation', name: 'Rosa' });
    // The temporary password the administrator was shown cannot become hers (the link still works).
    const reused = await visitor.post('/api/password/reset').send({ token, password: created.body.tempPassword });
    expect(reused.status).toBe(400);
    expect(reused.body.fields).toEqual({ password: 'La nueva contraseña no puede ser la contraseña temporal' });
    expect((await visitor.post('/api/password/reset').send({ token, password: 'rosa-elige-clave' })).status).toBe(200);
    const signIn = await visitor.post('/api/login').send({ username: 'rosa.diaz@example.com', password: 'rosa-elige-clave' });
    expect(signIn.body).toMatchObject({ mustChangePassword: false });
    expect((await visitor.post('/api/login').send({ username: 'rosa.diaz@example.com', password: created.body.tempPassword })).status).toBe(401);
    expect(await db()('events').where({ type: 'user.invitation_accepted', subjectId: signIn.body.id })).toHaveLength(1);
  });

  it('an existing user linked to a property is not invited', async () => {
    const { agent, property, organization } = await adminWorld();
    const existing = await createUser({ organizationId: organization.id });
    const linked = await agent.post(`/api/properties/${property.id}/residents`).send({ name: 'Ana', lastName: 'Pérez', username: existing.username, unit: '1A', createUnit: true });
    expect(linked.body).toMatchObject({ invited: false, tempPassword: null });
    expect(await emailsTo(existing.email!)).toHaveLength(0);
  });
});

describe('unsubscribe links', () => {
  it('refuse a forged or malformed token', async () => {
    const agent = await client();
    expect((await agent.post('/api/unsubscribe').send({ token: '1.messages.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(410);
    expect((await agent.post('/api/unsubscribe/check').send({ token: 'x' })).status).toBe(410);
    expect((await agent.post('/api/unsubscribe').send({})).status).toBe(400);
  });
});

describe('/api/admin/mail', () => {
  it('operators read the outbox of the organizations they reach; others get 403', async () => {
    const { agent, organization } = await adminWorld({ type: 'master' });
    const { user } = await createResident({ property: await createProperty({ organizationId: organization.id }) });
    await message(user, 'Para el operador');
    const { user: stranger } = await createResident();
    await message(stranger, 'De otra organización');

    const list = await agent.get('/api/admin/mail?q=operador');
    expect(list.status).toBe(200);
    expect(list.body.map((e: { subject: string }) => e.subject)).toEqual(['Para el operador']);
    expect((await agent.get('/api/admin/mail')).text).not.toContain('De otra organización');
    const one = await agent.get(`/api/admin/mail/${list.body[0].id}`);
    expect(one.body).toMatchObject({ toAddress: user.email, status: 'pending' });
    expect(one.body.htmlBody).toContain('Para el operador');
    expect((await agent.get('/api/admin/mail/status')).body).toEqual({ delivery: 'outbox', from: 'no-reply@vecindad.local' });

    const clientAdmin = await createUser({ role: 'Administrador', organizationId: (await createOrganization()).id });
    expect((await (await signedIn(clientAdmin)).get('/api/admin/mail')).status).toBe(403);
    expect((await (await signedIn(user)).get('/api/admin/mail')).status).toBe(403);
  });
});

describe('/api/admin/mail and super-admins', () => {
  it('the reset link of a super-admin is shown to super-admins only', async () => {
    const { agent, organization } = await adminWorld({ type: 'master' });
    const boss = await createUser({ role: 'Administrador', isSuperAdmin: true, organizationId: organization.id });
    await (await client()).post('/api/password/forgot').send({ username: boss.username });
    const [email] = await emailsTo(boss.email!);
    const asAdmin = await agent.get(`/api/admin/mail/${email.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.text).not.toContain('/reset-password#');
    const asBoss = await (await signedIn(boss)).get(`/api/admin/mail/${email.id}`);
    expect(asBoss.body.textBody).toContain('/reset-password#');
  });
});
