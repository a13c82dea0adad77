import { db } from '../../../server/db';
import type { IsolationCase, World } from './types';

/** A device of the other organization's administrator and of its resident. */
async function otherDevices(world: World) {
  const { other } = world;
  const rows = [other.admin, other.resident].map((user) => ({
    organizationId: other.organization.id,
    userId: user.id,
    endpoint: `https://push.vecindad.test/ajeno/${user.id}`,
    p256dh: 'BAjeno',
    auth: 'ajeno',
    deviceLabel: `Equipo ajeno ${other.organization.name}`,
  }));
  const [admin] = await db()('pushSubscriptions').insert(rows).returning('id');
  return { adminDeviceId: admin.id as number };
}

const secrets = () => ['/ajeno/', 'Equipo ajeno'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
const everyRole = (route: string, request: IsolationCase['request'], rest: Partial<IsolationCase> = {}): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, mustNotContain: secrets, ...rest }));

/** Web Push: a user's devices are theirs alone, whatever organization. */
export const cases: IsolationCase[] = [
  {
    route: 'GET /api/push/public-key',
    notApplicable: 'The server’s VAPID public key: the same for every organization, no organization data.',
    request: () => ({ path: '/api/push/public-key' }),
    expect: 200,
  },
  ...everyRole('GET /api/push/subscriptions', async (world) => {
    await otherDevices(world);
    return { path: '/api/push/subscriptions' };
  }, { expect: 200 }),
  ...everyRole('POST /api/push/subscriptions', async (world) => {
    await otherDevices(world);
    return { path: '/api/push/subscriptions', body: { endpoint: `https://push.vecindad.test/propio/${world.own.admin.id}`, keys: { p256dh: 'BPropio', auth: 'propio' } } };
  }, { expect: 201 }),
  ...everyRole('DELETE /api/push/subscriptions/:id', async (world) => ({ path: `/api/push/subscriptions/${(await otherDevices(world)).adminDeviceId}` })),
  // Only the caller's devices count: the other organization's do not get a test push.
  ...everyRole('POST /api/push/test', async (world) => {
    await otherDevices(world);
    return { path: '/api/push/test' };
  }, { expect: 409 }),
];
