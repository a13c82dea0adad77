import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoUploadInput, type SystemSettings } from '../../shared/schemas/settings';
import { db } from '../db';
import { notFound } from '../errors';
import { Organization, type User } from '../models';
import { presentBranding } from '../presenters/settings';
import { checkedFileBytes } from '../services/files';
import { recordBrandingChange } from './settings';

/**
 * The organization's uploaded logo (docs/modules/organizations.md): PNG or JPEG, checked by
 * content through the one upload path, kept in `organization_logos` and served at
 * `/api/logos/<key>` (public: the sign-in page, emails and the app's header show it). Every
 * upload gets a new random key, so the address changes with the image and caches never go stale.
 * SVG is not accepted: its bytes cannot be told from other text, it may carry scripts, and
 * PDFs cannot draw it.
 */

const LOGO_RULES = {
  types: LOGO_TYPES,
  maxBytes: LOGO_MAX_BYTES,
  messages: { invalidContent: 'logo_unreadable', empty: 'logo_required', tooLarge: 'logo_too_large', invalidType: 'logo_type' },
};

/** Where a logo uploaded with `key` is served. */
export const logoPath = (key: string) => `/api/logos/${key}`;

/** The key of an uploaded logo's address, else null (an https:// logo or a file of the client). */
export const uploadedLogoKey = (logo: string | null) => /^\/api\/logos\/([a-f0-9]{32})$/.exec(logo ?? '')?.[1] ?? null;

async function setLogo(trx: Knex, actor: User, logo: string | null): Promise<SystemSettings> {
  const organization = await Organization.query(trx).findById(actor.organizationId).forUpdate();
  if (!organization) throw notFound();
  const before = presentBranding(organization);
  const updated = await organization.$query(trx).patchAndFetch({ logo });
  const branding = presentBranding(updated);
  await recordBrandingChange(trx, actor, before, branding, updated.id);
  return { ...branding, version: updated.version };
}

/** Stores the actor's organization's logo (replacing any) and points its branding to it. */
export async function uploadLogo(trx: Knex, actor: User, input: LogoUploadInput): Promise<SystemSettings> {
  const bytes = await checkedFileBytes(input, LOGO_RULES);
  const key = randomBytes(16).toString('hex');
  await trx('organizationLogos')
    .insert({ organizationId: actor.organizationId, key, fileType: input.fileType, sizeBytes: bytes.length, content: bytes, updatedAt: trx.fn.now() })
    .onConflict('organizationId')
    .merge();
  return setLogo(trx, actor, logoPath(key));
}

/** Removes the uploaded logo: the branding falls back to the organization's initials. */
export async function removeLogo(trx: Knex, actor: User): Promise<SystemSettings> {
  await trx('organizationLogos').where({ organizationId: actor.organizationId }).delete();
  return setLogo(trx, actor, null);
}

/** An uploaded logo's bytes and type by its key, else undefined. */
export async function logoByKey(key: string, trx: Knex = db()): Promise<{ content: Buffer; fileType: string } | undefined> {
  if (!/^[a-f0-9]{32}$/.test(key)) return undefined;
  return trx('organizationLogos').where({ key }).first('content', 'fileType');
}
