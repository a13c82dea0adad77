import { db } from '../../../server/db';
import { transaction } from '../../../server/db/transaction';
import { recordEvent } from '../../../server/events/outbox';
import { loadEvent } from '../../../server/events/relay';
import { deliverNotifications } from '../../../server/notifications/deliver';
import { ruleFor } from '../../../server/notifications/rules';
import { createBroadcast } from '../../support/factories';
import type { IsolationCase, World } from './types';

const SECRET = 'Mensaje privado ajeno';

/** A direct message to the other organization's resident: an inbox row and an email. */
async function otherNotification(world: World) {
  const resident = world.other.resident;
  const [eventId] = await transaction((trx) =>
    recordEvent(trx, {
      type: 'notice.sent',
      organizationId: resident.organizationId,
      audience: 'user',
      userId: resident.id,
      payload: { title: SECRET, message: `${SECRET} para ${world.other.property.name}`, senderName: 'Marta' },
    }),
  );
  const event = (await loadEvent(eventId))!;
  await transaction((trx) => deliverNotifications(trx, event, ruleFor(event.type)!));
  const notification = await db()('notifications').where({ eventId }).first();
  const email = await db()('emailOutbox').where({ eventId }).first();
  return { notification, email };
}

const secrets = () => [SECRET];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
const NOT_A_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export const cases: IsolationCase[] = [
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/notifications',
      as,
      request: async (world) => {
        await otherNotification(world);
        return { path: '/api/notifications' };
      },
      expect: 200,
      mustNotContain: secrets,
    }),
  ),
  {
    route: 'GET /api/notifications/unread-count',
    as: 'resident',
    request: async (world) => {
      await otherNotification(world);
      return { path: '/api/notifications/unread-count' };
    },
    expect: 200,
  },
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'PATCH /api/notifications/:id',
      as,
      request: async (world) => ({ path: `/api/notifications/${(await otherNotification(world)).notification.id}`, body: { read: true } }),
      mustNotContain: secrets,
    }),
  ),
  {
    route: 'POST /api/notifications/read-all',
    as: 'resident',
    request: async (world) => {
      await otherNotification(world);
      return { path: '/api/notifications/read-all' };
    },
    expect: 200,
  },
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'POST /api/broadcasts/:id/read',
      as,
      request: async (world) => ({ path: `/api/broadcasts/${(await createBroadcast({ propertyId: world.other.property.id })).id}/read` }),
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/broadcasts/receipts',
      as,
      request: (world) => ({ path: `/api/broadcasts/receipts?propertyId=${world.other.property.id}` }),
    }),
  ),
  // Operators (the master organization's administrator) read only the organizations they reach.
  {
    route: 'GET /api/admin/mail',
    request: async (world) => {
      await otherNotification(world);
      return { path: '/api/admin/mail' };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  {
    route: 'GET /api/admin/mail/:id',
    request: async (world) => ({ path: `/api/admin/mail/${(await otherNotification(world)).email.id}` }),
    mustNotContain: secrets,
  },
  ...(['owner', 'resident', 'supplier'] as const).map(
    (as): IsolationCase => ({ route: 'GET /api/admin/mail', as, request: () => ({ path: '/api/admin/mail' }), expect: 403 }),
  ),
  {
    route: 'GET /api/admin/mail/status',
    request: () => ({ path: '/api/admin/mail/status' }),
    expect: 200,
    notApplicable: 'Whether this installation sends email by SMTP: no organization’s data.',
  },
  // Links from emails: the token is the only key; another account's data needs its token.
  {
    route: 'POST /api/password/forgot',
    request: (world) => ({ path: '/api/password/forgot', body: { username: world.other.resident.username } }),
    expect: 202,
  },
  { route: 'POST /api/password/token', request: () => ({ path: '/api/password/token', body: { token: NOT_A_TOKEN } }), expect: 410 },
  {
    route: 'POST /api/password/reset',
    request: () => ({ path: '/api/password/reset', body: { token: NOT_A_TOKEN, password: 'clave-de-intruso' } }),
    expect: 410,
  },
  {
    route: 'POST /api/unsubscribe/check',
    request: (world) => ({ path: '/api/unsubscribe/check', body: { token: `${world.other.resident.id}.messages.${NOT_A_TOKEN}` } }),
    expect: 410,
  },
  {
    route: 'POST /api/unsubscribe',
    request: (world) => ({ path: '/api/unsubscribe', body: { token: `${world.other.resident.id}.messages.${NOT_A_TOKEN}` } }),
    expect: 410,
  },
];
