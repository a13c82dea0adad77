import type { Knex } from 'knex';
import type { Transparency } from '../../../shared/schemas/financesTransparency';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';

/**
 * The organization's transparency switch, kept in organizations.settings (jsonb) as
 * `financesTransparency` (off when never saved). The system settings' own save keeps other keys
 * of that column (commands/settings.ts spreads it).
 */
export async function transparencyOf(organizationId: number, trx: Knex = db()): Promise<Transparency> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw(`coalesce((settings->>'financesTransparency')::boolean, false) as enabled`));
  return { enabled: Boolean(row?.enabled) };
}

/** Turns the switch on or off; administrators' open screens hear `finances.transparency_updated`. */
export async function setTransparency(trx: Knex, actor: User, enabled: boolean): Promise<Transparency> {
  const before = await transparencyOf(actor.organizationId, trx);
  if (before.enabled === enabled) return before;
  await trx('organizations')
    .where({ id: actor.organizationId })
    .update({ settings: trx.raw(`coalesce(settings, '{}'::jsonb) || jsonb_build_object('financesTransparency', ?::boolean)`, [enabled]) });
  await recordEvent(trx, {
    type: 'finances.transparency_updated',
    organizationId: actor.organizationId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'organization', id: actor.organizationId },
    payload: { enabled },
  });
  return { enabled };
}
