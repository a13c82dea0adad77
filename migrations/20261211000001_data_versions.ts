import type { Knex } from 'knex';

/**
 * A version per organization, raised by every committed transaction that changes one of the
 * organization's rows in the tables below: list totals (X-Total-Count) are remembered per
 * version instead of counted on every page (server/services/listTotals.ts).
 *
 * The triggers are deferred row triggers: the version row is locked only at commit, once per
 * transaction and organization (a transaction-local setting remembers the bump), so a
 * transaction never waits for it while holding other locks, and the new version becomes
 * visible together with the change. Each table names the column that leads to its
 * organization and, when that column is not the organization itself, the query that maps it.
 */
const BY_PROPERTY = 'select organization_id from properties where id = $1';
export const VERSIONED_TABLES: Record<string, [column: string, mapping?: string]> = {
  organizations: ['id'],
  users: ['organization_id'],
  properties: ['organization_id'],
  units: ['property_id', BY_PROPERTY],
  residents: ['property_id', BY_PROPERTY],
  property_staff: ['property_id', BY_PROPERTY],
  documents: ['organization_id'],
  document_shares: ['document_id', 'select organization_id from documents where id = $1'],
  charges: ['organization_id'],
  charge_credit_notes: ['organization_id'],
  payments: ['organization_id'],
  payment_allocations: ['payment_id', 'select organization_id from payments where id = $1'],
  payment_refunds: ['organization_id'],
  amenities: ['organization_id'],
  amenity_bookings: ['amenity_id', 'select organization_id from amenities where id = $1'],
  maintenance_requests: ['property_id', BY_PROPERTY],
  visitors: ['property_id', BY_PROPERTY],
  visits: ['property_id', BY_PROPERTY],
  visitor_blocks: ['property_id', BY_PROPERTY],
  join_requests: ['organization_id'],
  broadcasts: ['property_id', BY_PROPERTY],
  notifications: ['organization_id'],
};

const triggerName = (table: string) => `${table}_data_version`;

/** The per-row trigger function (a later migration replaces it, and its way down puts it back). */
export const DATA_CHANGED_FUNCTION = `
    create function vecindad_data_changed() returns trigger language plpgsql as $$
    declare
      changed record;
      key integer;
      organization integer;
    begin
      for changed in select NEW as row where TG_OP <> 'DELETE' union all select OLD where TG_OP <> 'INSERT' loop
        execute format('select ($1).%I', TG_ARGV[0]) into key using changed.row;
        organization := key;
        if TG_NARGS > 1 and key is not null then execute TG_ARGV[1] into organization using key; end if;
        if organization is not null and current_setting('vecindad.changed_' || organization, true) is distinct from 'yes' then
          perform set_config('vecindad.changed_' || organization, 'yes', true);
          -- (an organization deleted in this transaction has no version left to raise)
          insert into data_versions as v (organization_id, version)
            select id, 1 from organizations where id = organization
            on conflict (organization_id) do update set version = v.version + 1;
        end if;
      end loop;
      return null;
    end $$;
`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table data_versions (
      organization_id integer primary key references organizations(id) on delete cascade,
      version bigint not null
    );

    ${DATA_CHANGED_FUNCTION}

    -- TRUNCATE names no rows: every organization's version moves.
    create function vecindad_data_truncated() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1;
      return null;
    end $$;
  `);
  await addVersionTriggers(knex, VERSIONED_TABLES);
}

/** Makes changes to these tables raise their organizations' versions (later migrations add tables). */
export async function addVersionTriggers(knex: Knex, tables: typeof VERSIONED_TABLES) {
  for (const [table, [column, mapping]] of Object.entries(tables)) {
    const args = [column, mapping].filter(Boolean).map((arg) => `'${arg!.replace(/'/g, "''")}'`).join(', ');
    await knex.raw(`
      create constraint trigger ${triggerName(table)} after insert or update or delete on ${table}
        deferrable initially deferred for each row execute function vecindad_data_changed(${args});
      create trigger ${table}_data_truncated after truncate on ${table} for each statement execute function vecindad_data_truncated();
    `);
  }
}

export async function dropVersionTriggers(knex: Knex, tables: typeof VERSIONED_TABLES) {
  for (const table of Object.keys(tables)) {
    await knex.raw(`drop trigger if exists ${triggerName(table)} on ${table}; drop trigger if exists ${table}_data_truncated on ${table}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await dropVersionTriggers(knex, VERSIONED_TABLES);
  await knex.raw('drop function if exists vecindad_data_truncated(); drop function if exists vecindad_data_changed(); drop table if exists data_versions');
}
