import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { recordEvent } from '../../server/events/outbox';
import { User } from '../../server/models';
import { whereNotified } from '../../server/notifications/rules';
import { emailJobId } from '../../shared/jobs';
import { sendEmail } from '../../worker/jobs/send-email';
import { sweepNotifications } from '../../worker/jobs/sweep-notifications';
import { createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../support/smtp';

/**
 * Notifications end to end: a live server (its relay schedules the notification jobs as
 * follow-ups of committed events), a real BullMQ worker, real Redis, a real SMTP server in this
 * process, and residents' sockets.
 */
let smtp: TestSmtpServer;
// Registered before the world's hooks, so the SMTP server closes after them (hooks run as a stack).
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const world = useLiveWorld();
const { queues, api } = world;
beforeAll(async () => {
  await world.startWorker({ smtpUrl: smtp.url });
});

/** An organization with branding, its administrator, a property with an owner and residents. */
async function community() {
  const organization = await createOrganization({ settings: { appName: 'Torre Vista Mar', companyName: 'Caribe Administración' }, primaryColor: '#0f766e' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, ownerId: owner.id });
  const ana = await createResident({ property, user: { name: 'Ana', lastName: 'Pérez' } });
  const john = await createResident({ property, user: { name: 'John', lastName: 'Smith', language: 'en' } });
  return { organization, admin, owner, property, ana, john, cookie: await world.cookie(admin) };
}

/**
 * Resolves once every event of the organization that calls for notifications is handled (its
 * inbox rows and emails are written in the transaction that records it handled) and none of its
 * emails waits to be sent (an email is marked sent once the SMTP server took it): whatever they
 * notify or email has arrived. For checks that something did NOT arrive.
 */
const settled = (organizationId: number) =>
  waitFor(async () => {
    const unhandled = await whereNotified(db()('events'))
      .where({ organizationId })
      .whereNotExists(db()('notifiedEvents').whereRaw('notified_events.event_id = events.id'))
      .first();
    return !unhandled && !(await db()('emailOutbox').where({ organizationId, status: 'pending' }).first());
  }, 8000, 'las notificaciones y los correos');

const textOf = (mail: ReceivedEmail) => mail.text ?? '';
const linkIn = (mail: ReceivedEmail, page: string) => new RegExp(`${page}#([\\w.-]+)`).exec(textOf(mail))?.[1];

describe('a direct message', () => {
  it('reaches the inbox, the bell live and the email, in the resident’s language, once', async () => {
    const { organization, admin, ana, john, cookie } = await community();
    const anaSocket = await world.connect(ana.user);

    const sent = await api('POST', `/api/residents/${ana.resident.id}/messages`, cookie, { title: 'Entrega de llaves', message: 'Pase por la administración a recoger sus llaves.' });
    expect(sent.status).toBe(201);

    const live = await anaSocket.next((event) => event.type === 'notification.created', 8000);
    expect(live).toMatchObject({ audience: 'user', userId: ana.user.id, payload: { type: 'notice.sent' } });
    const anaCookie = await world.cookie(ana.user);
    expect((await api('GET', '/api/notifications/unread-count', anaCookie)).body).toEqual({ unread: 1 });
    const inbox = await api('GET', '/api/notifications', anaCookie);
    expect(inbox.headers.get('X-Total-Count')).toBe('1');
    expect(inbox.body).toEqual([
      expect.objectContaining({ type: 'notice.sent', category: 'messages', title: 'Entrega de llaves', read: false, link: null }),
    ]);
    expect(inbox.body[0].body).toContain('Pase por la administración a recoger sus llaves.');

    const mail = await smtp.next(ana.user.email!, (m) => m.subject === 'Entrega de llaves');
    expect(mail.from?.value[0]).toEqual({ name: 'Caribe Administración', address: 'no-reply@vecindad.local' });
    expect(textOf(mail)).toContain('Hola, Ana Pérez:');
    expect(textOf(mail)).toContain('Pase por la administración a recoger sus llaves.');
    expect(textOf(mail)).toContain('Mensajes y avisos de la administración');
    expect(mail.html).toContain('#0f766e');
    expect(mail.html).toContain('Torre Vista Mar');
    const token = linkIn(mail, '/unsubscribe');
    expect(token).toBeTruthy();
    expect(mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain(`/unsubscribe#${token}`);

    // English for a resident who chose English.
    await api('POST', `/api/residents/${john.resident.id}/messages`, cookie, { title: 'Keys', message: 'Please collect your keys at the office.' });
    const english = await smtp.next(john.user.email!);
    expect(textOf(english)).toContain('Hello John Smith,');
    expect(textOf(english)).toContain('Messages and notices from the administration');
    expect(textOf(english)).toContain('administration');

    // Once: the sender got nothing, and nothing more arrives.
    await settled(organization.id);
    expect(smtp.to(ana.user.email!)).toHaveLength(1);
    expect(smtp.to(admin.email!)).toHaveLength(0);
  });

  it('arrives once after the SMTP server refused it, and a repeated job sends nothing', async () => {
    const { ana, cookie } = await community();
    smtp.failNext(1);
    await api('POST', `/api/residents/${ana.resident.id}/messages`, cookie, { title: 'Reintento', message: 'Este correo llega después de un reintento.' });
    const mail = await smtp.next(ana.user.email!, () => true, 15_000);
    expect(mail.subject).toBe('Reintento');
    expect(smtp.refused).toContainEqual([ana.user.email]);
    const email = await waitFor(() => db()('emailOutbox').where({ userId: ana.user.id, status: 'sent' }).first(), 5000, 'el correo enviado');
    expect(email).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(mail.messageId).toBe(`<email-${email.id}@vecindad.local>`);

    // The same email queued again (a lost job found by the sweep, an operator): not sent twice.
    await queues.mail.remove(emailJobId(email.id));
    await queues.mail.add('email.send', { emailId: email.id }, { jobId: emailJobId(email.id) });
    await waitFor(async () => (await queues.mail.getJob(emailJobId(email.id)))?.finishedOn, 5000, 'el trabajo repetido');
    expect(smtp.to(ana.user.email!)).toHaveLength(1);
  });
});

describe('broadcasts', () => {
  it('tell the owner and current residents, email as their settings say, and emergencies always', async () => {
    const { organization, admin, owner, property, ana, john, cookie } = await community();
    const gone = await createResident({ property });
    await db()('residents').where({ id: gone.resident.id }).update({ status: 'inactive' });
    const prefs = (user: User, notifications: Record<string, boolean>) =>
      db()('users').where({ id: user.id }).update({ preferences: { notifications } });
    await prefs(john.user, { messages: false });
    await prefs(owner, { email: false });

    const notice = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Fumigación', message: 'Fumigación de áreas comunes el sábado.' });
    expect(notice.status).toBe(201);
    await smtp.next(ana.user.email!, (m) => m.subject === 'Aviso: Fumigación');
    const rows = await waitFor(async () => {
      const found = await db()('notifications').where({ subjectType: 'broadcast', subjectId: notice.body.id });
      return found.length === 3 && found;
    }, 5000, 'las notificaciones');
    expect(rows.map((row: { userId: number }) => row.userId).sort()).toEqual([owner.id, ana.user.id, john.user.id].sort());
    await settled(organization.id);
    expect(smtp.to(john.user.email!).filter((m) => m.subject?.includes('Fumigación'))).toHaveLength(0);
    expect(smtp.to(owner.email!)).toHaveLength(0);
    expect(smtp.to(gone.user.email!)).toHaveLength(0);
    expect(smtp.to(admin.email!)).toHaveLength(0);

    const emergency = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Corte de agua', message: 'No habrá agua de 2 a 4 de la tarde.', category: 'emergency' });
    expect(emergency.status).toBe(201);
    for (const user of [owner, ana.user, john.user]) await smtp.next(user.email!, (m) => /Corte de agua/.test(m.subject ?? ''));
    const english = smtp.to(john.user.email!).find((m) => /Corte de agua/.test(m.subject ?? ''))!;
    expect(english.subject).toBe('Emergency: Corte de agua');
    expect(textOf(english)).toContain('Emergency notices are always sent by email.');

    // Read receipts for the administrators: 1 of 3 once Ana dismisses the banner.
    const receipts = async () => (await api('GET', `/api/broadcasts/receipts?propertyId=${property.id}`, cookie)).body;
    expect(await receipts()).toContainEqual({ broadcastId: notice.body.id, read: 0, recipients: 3 });
    const anaCookie = await world.cookie(ana.user);
    expect((await api('POST', `/api/broadcasts/${notice.body.id}/read`, anaCookie)).body).toEqual({ updated: 1 });
    expect(await receipts()).toContainEqual({ broadcastId: notice.body.id, read: 1, recipients: 3 });
  });

  it('a draft is told when it is published, once', async () => {
    const { organization, property, ana, cookie } = await community();
    const draft = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Asamblea', message: 'Asamblea de propietarios el jueves.', status: 'draft' });
    await waitFor(() => db()('notifiedEvents').whereIn('eventId', db()('events').select('id').where({ subjectId: draft.body.id, type: 'broadcast.created' })).first(), 5000, 'el evento atendido');
    expect(await db()('notifications').where({ subjectId: draft.body.id, subjectType: 'broadcast' })).toHaveLength(0);

    await api('PATCH', `/api/broadcasts/${draft.body.id}`, cookie, { status: 'active' });
    await smtp.next(ana.user.email!, (m) => m.subject === 'Aviso: Asamblea');
    await api('PATCH', `/api/broadcasts/${draft.body.id}`, cookie, { message: 'Asamblea de propietarios el viernes.' });
    await settled(organization.id);
    expect(await db()('notifications').where({ subjectId: draft.body.id, subjectType: 'broadcast', userId: ana.user.id })).toHaveLength(1);
    expect(smtp.to(ana.user.email!).filter((m) => m.subject === 'Aviso: Asamblea')).toHaveLength(1);
  });
});

describe('preferences and unsubscribe', () => {
  it('the email’s unsubscribe link turns its category off: the next message reaches only the inbox', async () => {
    const { organization, ana, cookie } = await community();
    await api('POST', `/api/residents/${ana.resident.id}/messages`, cookie, { title: 'Primero', message: 'Un primer mensaje para Ana.' });
    const mail = await smtp.next(ana.user.email!);
    const token = linkIn(mail, '/unsubscribe')!;

    expect((await api('POST', '/api/unsubscribe/check', '', { token })).body).toEqual({ category: 'messages', subscribed: true });
    expect((await api('POST', '/api/unsubscribe', '', { token })).body).toEqual({ category: 'messages', subscribed: false });
    const user = await User.query().findById(ana.user.id);
    expect(user!.preferences).toMatchObject({ notifications: { messages: false, email: true } });
    expect((await api('POST', '/api/unsubscribe', '', { token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).status).toBe(410);

    await api('POST', `/api/residents/${ana.resident.id}/messages`, cookie, { title: 'Segundo', message: 'Un segundo mensaje para Ana.' });
    const anaCookie = await world.cookie(ana.user);
    await waitFor(async () => (await api('GET', '/api/notifications/unread-count', anaCookie)).body.unread === 2, 5000, 'la segunda notificación');
    await settled(organization.id);
    expect(smtp.to(ana.user.email!).map((m) => m.subject)).toEqual(['Primero']);
  });
});

describe('password recovery and invitations by email', () => {
  it('a reset link arrives for an account and nothing for an unknown address, with the same answer', async () => {
    const { ana } = await community();
    const known = await api('POST', '/api/password/forgot', '', { username: ana.user.username });
    const unknown = await api('POST', '/api/password/forgot', '', { username: 'nadie-aqui@example.com' });
    expect(known.status).toBe(202);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    // An email is written with the answer, or not at all.
    expect(await db()('emailOutbox').where({ toAddress: 'nadie-aqui@example.com' })).toEqual([]);

    const mail = await smtp.next(ana.user.email!, (m) => /Restablecer/.test(m.subject ?? ''));
    expect(mail.subject).toBe('Restablecer su contraseña de Torre Vista Mar');
    const token = linkIn(mail, '/reset-password')!;
    // Signed in elsewhere with the old password: the session and its live connection end.
    const elsewhere = await world.connect(ana.user);
    expect((await api('POST', '/api/password/reset', '', { token, password: 'nueva-clave-segura' })).status).toBe(200);
    await waitFor(() => !elsewhere.socket.connected, 5000, 'la conexión en vivo cerrada');
    expect((await api('POST', '/api/password/reset', '', { token, password: 'otra-clave-segura' })).status).toBe(410);
    expect(smtp.to('nadie-aqui@example.com')).toHaveLength(0);
  });

  it('a resident added with an email gets an invitation to choose a password', async () => {
    const { property, cookie } = await community();
    const created = await api('POST', `/api/properties/${property.id}/residents`, cookie, { name: 'Luisa', lastName: 'Gómez', username: 'luisa.gomez@example.com', unit: '7A', createUnit: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ invited: true, tempPassword: expect.any(String) });
    const mail = await smtp.next('luisa.gomez@example.com');
    expect(mail.subject).toBe('Le invitamos a Torre Vista Mar');
    expect(textOf(mail)).toContain('Caribe Administración le ha creado una cuenta');
    expect(linkIn(mail, '/invitation')).toBeTruthy();
  });
});

describe('the sweep', () => {
  it('writes the notifications of an event whose job was lost', async () => {
    const { organization, ana } = await community();
    await transaction((trx) =>
      recordEvent(trx, {
        type: 'notice.sent',
        organizationId: organization.id,
        audience: 'user',
        userId: ana.user.id,
        payload: { title: 'Perdido', message: 'Un aviso cuyo trabajo se perdió.', senderName: 'Admin' },
      }),
    );
    // Published long ago by a relay whose follow-up never reached Redis.
    const [event] = await db()('events').where({ type: 'notice.sent', userId: ana.user.id }).update({ createdAt: db().raw("now() - interval '2 minutes'"), publishedAt: db().fn.now() }).returning('id');
    await db()('notifiedEvents').where({ eventId: event.id }).delete();
    await queues.notifications.remove(`notify-event-${event.id}`);

    expect(await sweepNotifications(queues)()).toMatchObject({ events: expect.any(Number) });
    await smtp.next(ana.user.email!, (m) => m.subject === 'Perdido');
    expect(await db()('notifications').where({ eventId: event.id })).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  it('an email is held in the outbox for operators', async () => {
    const { ana, organization } = await community();
    const [id] = await db()('emailOutbox')
      .insert({ organizationId: organization.id, userId: ana.user.id, kind: 'notification', category: 'messages', language: 'es', toAddress: ana.user.email, fromAddress: 'x <no-reply@vecindad.local>', subject: 'Guardado', textBody: 'Texto', htmlBody: '<p>Texto</p>' })
      .returning('id');
    const job = { data: { emailId: id.id }, attemptsMade: 0, opts: { attempts: 10 } } as Parameters<ReturnType<typeof sendEmail>>[0];
    expect(await sendEmail(undefined)(job)).toEqual({ sent: false, status: 'held' });
    expect(await db()('emailOutbox').where({ id: id.id }).first()).toMatchObject({ status: 'held', attempts: 0 });
  });
});

describe('billing', () => {
  it('tells a unit’s people of a new charge once, and the administrators of a transfer to confirm', async () => {
    const { organization, admin, ana, cookie } = await community();
    const charged = await api('POST', '/api/charges', cookie, { unitId: ana.unit.id, type: 'maintenance', amount: 450_000, dueDate: '2030-03-10', description: 'Cuota de marzo' });
    expect(charged.status).toBe(201);
    const mail = await smtp.next(ana.user.email!, (m) => m.subject === 'Nuevo cargo: Cuota de marzo');
    expect(textOf(mail)).toContain('RD$4,500.00, vence el 10/03/2030');
    expect(textOf(mail)).toContain('Pagos');

    const anaCookie = await world.cookie(ana.user);
    const proof = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const reported = await api('POST', '/api/payments/report', anaCookie, {
      unitId: ana.unit.id,
      amount: 450_000,
      receivedAt: '2026-01-05',
      reference: 'BPD-1',
      proof: { fileName: 'p.png', fileType: 'image/png', content: proof },
    });
    expect(reported.status).toBe(201);
    const told = await waitFor(() => db()('notifications').where({ userId: admin.id, type: 'payment.reported' }).first(), 8000, 'la notificación al administrador');
    expect(told).toMatchObject({ category: 'payment', link: '/billing?tab=reported' });

    // Once each, although every change wrote an event per audience.
    await settled(organization.id);
    expect(await db()('notifications').where({ userId: ana.user.id, type: 'charge.created' })).toHaveLength(1);
    expect(await db()('notifications').where({ userId: ana.user.id, type: 'payment.reported' })).toHaveLength(0);
    // One notification job per change, on its administrators' copy: the copies for the unit's people have none.
    const copies: Array<{ audience: string; handled: number | null }> = await db()('events')
      .leftJoin('notifiedEvents', 'notifiedEvents.eventId', 'events.id')
      .where({ 'events.organizationId': organization.id, 'events.type': 'charge.created' })
      .select('events.audience', 'notifiedEvents.eventId as handled');
    expect(copies.filter((copy) => copy.audience === 'user').length).toBeGreaterThan(0);
    expect(copies.filter((copy) => copy.handled).map((copy) => copy.audience)).toEqual(['administrators']);
  });
});
