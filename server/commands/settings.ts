import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import type { Branding, SettingsUpdateInput, SystemSettings } from '../../shared/schemas/settings';
import { claimVersion } from '../db/versioned';
import { notFound } from '../errors';
import { recordEvent } from '../events/outbox';
import { Organization, type User } from '../models';
import { presentBranding, storedSettings } from '../presenters/settings';
import { organizationForHost } from './accounts';

/*
 * Where each system setting lives (one place per value):
 *   organizations columns: primaryColor, secondaryColor, accentColor, contactEmail,
 *     contactPhone (and logo, edited on the organization) - the organization form edits them too;
 *     rnc, and the logo uploaded here (commands/organizationLogo.ts);
 *   organizations.settings (jsonb): appName, appDescription, companyName, textColor,
 *     backgroundColor, features { documents, billing, maintenance, amenities, visitors },
 *     showRegistrationForm, language (the organization's: its defaults' names, migration
 *     20261220000200_organization_language).
 * A value never saved reads as DEFAULT_BRANDING (presenters/settings.ts).
 */

/** The organization whose branding a request sees: the user's, or before sign-in the host's. */
export async function organizationForRequest(user: User | undefined, host: string) {
  return user ? Organization.query().findById(user.organizationId) : organizationForHost(host);
}

/** The system settings of the user's organization, with the version an edit of them sends. */
export async function settingsOf(user: User): Promise<SystemSettings> {
  const organization = await Organization.query().findById(user.organizationId);
  if (!organization) throw notFound();
  return { ...presentBranding(organization), version: organization.version };
}

/** Saves the parts of the settings that were sent; open clients hear `settings.updated`. */
export async function updateSettings(trx: Knex, actor: User, input: SettingsUpdateInput): Promise<SystemSettings> {
  const { version, primaryColor, secondaryColor, accentColor, contactEmail, contactPhone, rnc, features, ...inSettings } = input;
  await claimVersion(trx, 'organizations', actor.organizationId, version);
  const organization = await Organization.query(trx).findById(actor.organizationId);
  if (!organization) throw notFound();
  const stored = storedSettings(organization);
  const before = presentBranding(organization); // patchAndFetch updates `organization` too
  const updated = await organization.$query(trx).patchAndFetch({
    primaryColor,
    secondaryColor,
    accentColor,
    contactEmail,
    contactPhone,
    rnc,
    settings: { ...organization.settings, ...inSettings, features: { ...stored.features, ...features } },
  });
  const branding = presentBranding(updated);
  await recordBrandingChange(trx, actor, before, branding, updated.id);
  return { ...branding, version: updated.version };
}

/**
 * Records `settings.updated` for everyone of the organization when its branding changed (from
 * the settings or the organization form), with the new branding so open clients apply it.
 */
export async function recordBrandingChange(trx: Knex, actor: User, before: Branding, after: Branding, organizationId: number) {
  if (isDeepStrictEqual(before, after)) return;
  await recordEvent(trx, {
    type: 'settings.updated',
    organizationId,
    audience: 'organization',
    actorId: actor.id,
    subject: { type: 'organization', id: organizationId },
    payload: after,
  });
}
