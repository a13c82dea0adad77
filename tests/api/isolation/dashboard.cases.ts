import { db } from '../../../server/db';
import type { IsolationCase, World } from './types';

/** Activity of the other organization, which no dashboard of `own` may list. */
async function otherActivity(world: World) {
  const title = `Actividad ajena ${world.other.property.name}`;
  await db()('events').insert({
    type: 'document.uploaded',
    audience: 'organization',
    organizationId: world.other.organization.id,
    actorId: world.other.admin.id,
    subjectType: 'document',
    subjectId: 1,
    payload: { title },
  });
  return { path: '/api/dashboard' };
}

export const cases: IsolationCase[] = (['admin', 'owner', 'resident', 'supplier'] as const).map((as) => ({
  route: 'GET /api/dashboard',
  as,
  request: otherActivity,
  expect: 200,
  mustNotContain: () => ['Actividad ajena'],
}));
