import type { Knex } from 'knex';
import type { z } from 'zod';
import type { EventType } from '../../shared/events';
import { recordEvent } from '../events/outbox';
import type { User } from '../models';

/**
 * A module's settings kept in `organizations.settings.<key>` (system settings' tabs): read
 * through the module's schema (a value never saved, or unreadable, is `fallback`), saved whole
 * with the event that tells the organization's administrators.
 */
export async function readModuleSettings<T>(trx: Knex, organizationId: number, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw('settings -> ? as value', [key]));
  const parsed = schema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : fallback;
}

export async function saveModuleSettings<T>(trx: Knex, actor: User, key: string, input: T, type: EventType): Promise<T> {
  await trx('organizations')
    .where({ id: actor.organizationId })
    .update({ settings: trx.raw("jsonb_set(coalesce(settings, '{}'::jsonb), array[?]::text[], ?::jsonb)", [key, JSON.stringify(input)]) });
  await recordEvent(trx, { type, organizationId: actor.organizationId, audience: 'administrators', actorId: actor.id, subject: { type: 'organization', id: actor.organizationId }, payload: input as Record<string, unknown> });
  return input;
}
