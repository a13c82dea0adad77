import type { Knex } from 'knex';
import { AGING_BUCKETS, agingBucketSql } from '../shared/billing';

/**
 * What each unit owes past due, kept instead of added up on every page of the delinquency
 * report (morosidad): over 40,000 units the sums took 70 ms a request, a page of the kept rows
 * reads ten entries of an index in the report's own order.
 *
 * A unit's row holds its pending charges due before its organization's `as_of` day (in
 * `unit_debt_days`), by age on that day: a statement trigger on charges recomputes the units a
 * change touches, and the day's first report (or the worker's minute sweep after midnight)
 * moves the organization to the new day and recomputes all of them, as ages change with the date.
 * Units that owe nothing have no row. The property's name and the unit's number are copied in
 * (kept by triggers on renames) so the index sorts as the report does.
 *
 * A recomputation for a new day takes an advisory lock of the organization exclusively; a
 * charge change takes it shared before it reads the day: a change committed while the day
 * moves is never recomputed for the old day after the new one was written, nor missed by it;
 * two changes of one unit's charges recompute it one after the other (a lock on the unit).
 * The buckets' limits are the code's (shared/billing.ts): changing them needs a migration that
 * recreates vecindad_refresh_unit_debts.
 */
const UNIT_DEBTS_LOCK = 730_002;

const buckets = AGING_BUCKETS.map(
  (bucket, index) => `coalesce(sum(c.amount - c.paid_amount) filter (where ${agingBucketSql('($2 - c.due_date)', bucket)}), 0) as bucket_${index}`,
).join(',\n              ');
const bucketColumns = AGING_BUCKETS.map((_, index) => `bucket_${index}`);

export async function up(knex: Knex) {
  await knex.raw(`
    create table unit_debts (
      unit_id integer primary key references units(id) on delete cascade,
      organization_id integer not null references organizations(id) on delete cascade,
      property_id integer not null,
      property_name text not null,
      unit_number text not null,
      overdue bigint not null,
      overdue_count integer not null,
      oldest_due_date date not null,
      ${bucketColumns.map((column) => `${column} bigint not null`).join(',\n      ')}
    );
    -- The report's order (largest debt first, then property and unit as people read them).
    create index unit_debts_report_order on unit_debts
      (organization_id, overdue desc, property_name collate "und-x-icu", unit_number collate unit_number_order, unit_id);
    create index unit_debts_property_id_index on unit_debts (property_id);

    create table unit_debt_days (
      organization_id integer primary key references organizations(id) on delete cascade,
      as_of date not null
    );

    -- Recomputes the debts of the organization's units as of \`day\` (all of them when \`units\` is null).
    create function vecindad_refresh_unit_debts(organization integer, day date, units integer[]) returns void language plpgsql as $$
    declare
      scope text := case when units is null then '' else 'and c.unit_id = any($3)' end;
    begin
      if units is null then
        delete from unit_debts where organization_id = organization;
      else
        delete from unit_debts d where d.unit_id = any(units) and not exists (
          select 1 from charges c where c.unit_id = d.unit_id and c.status = 'pending' and c.due_date < day);
      end if;
      -- Dynamic, so each scope gets its own plan (the organization's pending-charges index, or the units').
      execute format($sql$
        insert into unit_debts as d (unit_id, organization_id, property_id, property_name, unit_number,
                                     overdue, overdue_count, oldest_due_date, ${bucketColumns.join(', ')})
        select c.unit_id, $1, u.property_id, p.name, u.unit_number,
               sum(c.amount - c.paid_amount), count(*), min(c.due_date),
              ${buckets}
        from charges c join units u on u.id = c.unit_id join properties p on p.id = u.property_id
        where c.organization_id = $1 and c.status = 'pending' and c.due_date < $2 %s
        group by c.unit_id, u.property_id, p.name, u.unit_number
        on conflict (unit_id) do update set
          ${['property_id', 'property_name', 'unit_number', 'overdue', 'overdue_count', 'oldest_due_date', ...bucketColumns].map((column) => `${column} = excluded.${column}`).join(', ')}
      $sql$, scope) using organization, day, units;
    end $$;

    -- Moves the organizations to \`day\` (those not there yet) and recomputes their units.
    create function vecindad_unit_debts_as_of(organizations integer[], day date) returns void language plpgsql as $$
    declare
      organization integer;
    begin
      for organization in
        select o.id from unnest(organizations) as o(id)
        where not exists (select 1 from unit_debt_days d where d.organization_id = o.id and d.as_of = day)
        order by o.id
      loop
        perform pg_advisory_xact_lock(${UNIT_DEBTS_LOCK}, organization);
        -- (another request may have moved it while this one waited)
        insert into unit_debt_days as d (organization_id, as_of) values (organization, day)
          on conflict (organization_id) do update set as_of = excluded.as_of where d.as_of <> excluded.as_of;
        if found then
          perform vecindad_refresh_unit_debts(organization, day, null);
          -- A new day is a change of the organization's data: what is remembered per version is again to be read.
          insert into data_versions as v (organization_id, version) values (organization, 1)
            on conflict (organization_id) do update set version = v.version + 1;
        end if;
      end loop;
    end $$;

    -- Charges changed in an organization: recompute the units whose changed charges were past due on its day.
    create function vecindad_unit_debts_changed(organization integer, units integer[], due_dates date[]) returns void language plpgsql as $$
    declare
      day date;
      owing integer[];
    begin
      perform pg_advisory_xact_lock_shared(${UNIT_DEBTS_LOCK}, organization);
      select as_of into day from unit_debt_days where organization_id = organization;
      if not found then return; end if; -- never reported: its first report computes every unit
      owing := array(select distinct changed.unit from unnest(units, due_dates) as changed(unit, due) where changed.due < day);
      if cardinality(owing) = 0 then return; end if;
      -- One recomputation of a unit at a time, each reading what the one before it committed
      -- (the lock lets charges still reference the units: no key changes).
      perform 1 from units where id = any(owing) order by id for no key update;
      perform vecindad_refresh_unit_debts(organization, day, owing);
    end $$;

    create function vecindad_charges_unit_debts() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform vecindad_unit_debts_changed(organization_id, array_agg(unit_id), array_agg(due_date))
        from new_charges group by organization_id order by organization_id;
      elsif tg_op = 'DELETE' then
        perform vecindad_unit_debts_changed(organization_id, array_agg(unit_id), array_agg(due_date))
        from old_charges group by organization_id order by organization_id;
      else
        perform vecindad_unit_debts_changed(organization_id, array_agg(unit_id), array_agg(due_date))
        from (select organization_id, unit_id, due_date from old_charges
              union all select organization_id, unit_id, due_date from new_charges) as changed
        group by organization_id order by organization_id;
      end if;
      return null;
    end $$;
    create trigger charges_unit_debts_insert after insert on charges
      referencing new table as new_charges for each statement execute function vecindad_charges_unit_debts();
    create trigger charges_unit_debts_update after update on charges
      referencing old table as old_charges new table as new_charges for each statement execute function vecindad_charges_unit_debts();
    create trigger charges_unit_debts_delete after delete on charges
      referencing old table as old_charges for each statement execute function vecindad_charges_unit_debts();

    -- Renames reach the copies the report sorts by.
    create function vecindad_units_unit_debts() returns trigger language plpgsql as $$
    begin
      update unit_debts d set unit_number = new.unit_number, property_id = new.property_id,
             property_name = (select name from properties where id = new.property_id)
      where d.unit_id = new.id;
      return null;
    end $$;
    create trigger units_unit_debts after update of unit_number, property_id on units for each row
      when (old.unit_number is distinct from new.unit_number or old.property_id is distinct from new.property_id)
      execute function vecindad_units_unit_debts();
    create function vecindad_properties_unit_debts() returns trigger language plpgsql as $$
    begin
      update unit_debts set property_name = new.name where property_id = new.id;
      return null;
    end $$;
    create trigger properties_unit_debts after update of name on properties for each row
      when (old.name is distinct from new.name) execute function vecindad_properties_unit_debts();
  `);
}

export async function down(knex: Knex) {
  await knex.raw(`
    drop trigger properties_unit_debts on properties;
    drop function vecindad_properties_unit_debts();
    drop trigger units_unit_debts on units;
    drop function vecindad_units_unit_debts();
    drop trigger charges_unit_debts_insert on charges;
    drop trigger charges_unit_debts_update on charges;
    drop trigger charges_unit_debts_delete on charges;
    drop function vecindad_charges_unit_debts();
    drop function vecindad_unit_debts_changed(integer, integer[], date[]);
    drop function vecindad_unit_debts_as_of(integer[], date);
    drop function vecindad_refresh_unit_debts(integer, date, integer[]);
    drop table unit_debt_days;
    drop table unit_debts;
  `);
}
