import type { Context, Next } from 'koa';
import { messageText } from '../../shared/messages';
import { db } from '../db';
import { notFound } from '../errors';
import { lookupsOf } from '../session/lookups';
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
 * did not exist. Goes after requireUser; reads the switches the request's session query loaded.
 */
export function requireFeature(feature: Feature) {
  return async (ctx: Context, next: Next) => {
    const user = currentUser(ctx);
    const loaded = lookupsOf(user);
    const enabled = loaded ? loaded.features?.[feature] !== false : await featureEnabled(user.organizationId, feature);
    if (!enabled) {
      throw notFound(messageText('feature_disabled'));
    }
    await next();
  };
}
