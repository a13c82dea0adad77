import type { Context, Next } from 'koa';
import { messageText } from '../../shared/messages';
import { db } from '../db';
import { notFound } from '../errors';
import { currentUser } from './auth';

/** Module switches of the organization's system settings. */
export type { FeatureName as Feature } from '../../shared/schemas/settings';
import type { FeatureName as Feature } from '../../shared/schemas/settings';

/**
 * Whether a module is on for an organization: on unless switched off in its settings (as
 * presenters/settings.ts reads it). One primary-key lookup of one jsonb value, so it stays
 * exact across server instances without a cache to invalidate.
 */
export async function featureEnabled(organizationId: number, feature: Feature): Promise<boolean> {
  const row = await db()('organizations')
    .where({ id: organizationId })
    .first(db().raw(`settings -> 'features' -> ?::text = 'false'::jsonb as off`, [feature]));
  return row?.off !== true;
}

/**
 * While a module is switched off for the caller's organization its API answers 404, as if it
 * did not exist. Goes after requireUser.
 */
export function requireFeature(feature: Feature) {
  return async (ctx: Context, next: Next) => {
    if (!(await featureEnabled(currentUser(ctx).organizationId, feature))) {
      throw notFound(messageText('feature_disabled'));
    }
    await next();
  };
}
