import type { Knex } from 'knex';
import { DEFAULT_NOTICE_DAYS } from '../../../shared/assemblies';
import { AssemblySettingsSchema, type AssemblySettings } from '../../../shared/schemas/assemblies';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';

/**
 * The organization's assembly settings (system settings, tab Asambleas), kept in
 * `organizations.settings.assemblies`: the days of notice under which convening warns (Ley 5038
 * leaves it to the building's rules; 8 by default). A value never saved, or unreadable, is the
 * default.
 */
export async function assemblySettingsOf(organizationId: number, trx: Knex = db()): Promise<AssemblySettings> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw("settings -> 'assemblies' as assemblies"));
  const parsed = AssemblySettingsSchema.safeParse(row?.assemblies ?? {});
  return parsed.success ? parsed.data : { noticeDays: DEFAULT_NOTICE_DAYS };
}

/** Saves them; the organization's administrators hear `assembly.settings_updated`. */
export async function updateAssemblySettings(trx: Knex, actor: User, input: AssemblySettings) {
  await trx('organizations')
    .where({ id: actor.organizationId })
    .update({ settings: trx.raw("jsonb_set(coalesce(settings, '{}'::jsonb), '{assemblies}', ?::jsonb)", [JSON.stringify(input)]) });
  await recordEvent(trx, {
    type: 'assembly.settings_updated',
    organizationId: actor.organizationId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'organization', id: actor.organizationId },
    payload: input,
  });
  return input;
}
