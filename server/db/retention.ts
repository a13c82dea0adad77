import type { Knex } from 'knex';
import { DEFAULT_RETENTION_DAYS } from '../../shared/schemas/visitors';

/**
 * The organization's retention period for the desk's personal data (Ley 172-13; the visitors'
 * setting, docs/modules/visitors.md) as an SQL interval, in a query joined to `organizations`.
 * Visits and packages are anonymised after it.
 */
export const retentionInterval = (trx: Knex) =>
  trx.raw(
    `make_interval(days => coalesce(case when jsonb_typeof(organizations.settings -> 'visitors' -> 'retentionDays') = 'number'
      then (organizations.settings -> 'visitors' ->> 'retentionDays')::int end, ?))`,
    [DEFAULT_RETENTION_DAYS],
  );
