import type { Knex } from 'knex';
import { inRetentionRange, nextAfter, retentionInterval, type RetentionRange } from '../../db/retention';
import { ANONYMISED_PICKUP, DEFAULT_REMINDER_DAYS, PackageSettingsSchema, type PackageSettings } from '../../../shared/schemas/packages';
import { TIME_ZONE } from '../../../shared/time';
import { db } from '../../db';
import { readModuleSettings, saveModuleSettings } from '../../db/moduleSettings';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { packageRow } from '../../rows/packages';
import { ageDays } from '../../presenters/package';
import { recordPackageEvent } from './events';

/** What time does to packages: reminders to their unit while they wait, and anonymising their photos and signatures (Ley 172-13). */

// Settings ------------------------------------------------------------------------------------

/** An organization's package settings: its reminder days, else 3. */
export const packageSettingsOf = (organizationId: number, trx: Knex = db()): Promise<PackageSettings> =>
  readModuleSettings(trx, organizationId, 'packages', PackageSettingsSchema, { reminderDays: DEFAULT_REMINDER_DAYS });

export const updatePackageSettings = (trx: Knex, actor: User, input: PackageSettings) => saveModuleSettings(trx, actor, 'packages', input, 'package.settings_updated');

// Reminders -----------------------------------------------------------------------------------

const today = (trx: Knex) => trx.raw('(now() at time zone ?)::date', [TIME_ZONE]);

/**
 * Restricts a query on `packages` to those due a reminder now: waiting for at least their
 * organization's reminder days, and not yet reminded today (Santo Domingo): daily at most.
 */
function whereReminderDue(query: Knex.QueryBuilder, trx: Knex) {
  const days = trx.raw(
    `make_interval(days => coalesce(case when jsonb_typeof(organizations.settings -> 'packages' -> 'reminderDays') = 'number'
      then (organizations.settings -> 'packages' ->> 'reminderDays')::int end, ?))`,
    [DEFAULT_REMINDER_DAYS],
  );
  return query
    .join('properties', 'properties.id', 'packages.property_id')
    .join('organizations', 'organizations.id', 'properties.organization_id')
    .where('packages.status', 'waiting')
    .whereRaw('packages.created_at <= now() - ?', [days])
    .where((q) => q.whereNull('packages.last_reminded_on').orWhere('packages.last_reminded_on', '<', today(trx)));
}

/** The packages due a reminder now (ids, oldest first): the sweep enqueues one job each. */
export async function dueReminders(trx: Knex = db(), limit = 1000): Promise<number[]> {
  return whereReminderDue(trx('packages').select('packages.id'), trx).orderBy('packages.id').limit(limit).pluck('packages.id');
}

/** Today's day in Santo Domingo ('YYYY-MM-DD'), by the database clock: the reminder job's id carries it. */
export async function reminderDay(trx: Knex = db()): Promise<string> {
  const { rows } = await trx.raw("select to_char((now() at time zone ?)::date, 'YYYY-MM-DD') as day", [TIME_ZONE]);
  return rows[0].day as string;
}

/**
 * Reminds a package's unit that it waits (`package.reminder`), once per day at most: the row
 * is locked and the condition read again, so a job run twice, or a job and the sweep at once,
 * remind once. Answers whether it reminded.
 */
export async function remindPackage(trx: Knex, packageId: number): Promise<boolean> {
  const due = await whereReminderDue(trx('packages').select('packages.id'), trx).where('packages.id', packageId).forUpdate('packages').first();
  if (!due) return false;
  await trx('packages')
    .where({ id: packageId })
    .update({ lastRemindedOn: today(trx), reminders: trx.raw('reminders + 1'), updatedAt: trx.fn.now() });
  const row = await packageRow(trx, packageId);
  await recordPackageEvent(trx, 'package.reminder', row, null, { ageDays: ageDays(row) });
  return true;
}

// Retention (Ley 172-13) ----------------------------------------------------------------------

/**
 * Anonymises the personal data of packages that left the desk longer ago than their
 * organization's retention period (the visitors' setting, docs/modules/visitors.md), in one
 * batch of ids (`range`): the photo, the signature, the name and cédula of who picked it up.
 * The rows stay, so the log's counts do. One `packages.anonymised` event per organization
 * touched. Idempotent. Answers the count and where the next batch starts.
 */
export async function anonymisePackageRange(trx: Knex, range: RetentionRange) {
  const due = inRetentionRange(
    trx('packages')
      .join('properties', 'properties.id', 'packages.property_id')
      .join('organizations', 'organizations.id', 'properties.organization_id')
      .select('packages.id')
      .whereNull('packages.anonymized_at')
      .whereNot('packages.status', 'waiting')
      .whereRaw('coalesce(packages.picked_up_at, packages.returned_at) < now() - ?', [retentionInterval(trx)]),
    'packages',
    range,
  )
    .forUpdate('packages')
    .skipLocked();
  const done: Array<{ id: number; propertyId: number }> = await trx('packages')
    .whereIn('id', due)
    .update(
      {
        photo: null,
        photoType: null,
        signature: null,
        pickedUpByName: trx.raw('case when picked_up_by_name is null then null else ? end', [ANONYMISED_PICKUP]),
        pickedUpByIdNumber: null,
        anonymizedAt: trx.fn.now(),
      },
      ['id', 'propertyId'],
    );
  const next = nextAfter(done, range);
  if (!done.length) return { count: 0, next };
  const byOrganization: Array<{ organizationId: number; count: number }> = await trx('properties')
    .join('packages', 'packages.property_id', 'properties.id')
    .whereIn('packages.id', done.map((row) => row.id))
    .groupBy('properties.organization_id')
    .select('properties.organization_id')
    .count('* as count');
  for (const { organizationId, count } of byOrganization) {
    await recordEvent(trx, { type: 'packages.anonymised', organizationId, audience: 'administrators', payload: { count: Number(count) } });
  }
  return { count: done.length, next };
}
