import type { Context, Next } from 'koa';

/** Module switches of the organization's system settings. */
export type { FeatureName as Feature } from '../../shared/schemas/settings';
import type { FeatureName as Feature } from '../../shared/schemas/settings';

/**
 * While a module is switched off for the caller's organization its API answers 404.
 * (Filled in with the system settings.)
 */
export function requireFeature(_feature: Feature) {
  return async (_ctx: Context, next: Next) => {
    await next();
  };
}
