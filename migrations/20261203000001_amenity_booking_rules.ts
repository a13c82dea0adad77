import type { Knex } from 'knex';

/**
 * Booking rules per amenity (docs/modules/bookings.md) and what a booking needs to follow them:
 * its unit (monthly cap, charges), the reason of a cancellation, the charges it created, when
 * its reminder went out. The exclusion constraint now holds for exclusive amenities only
 * (shared ones are checked against their capacity under a lock) and covers the buffer after
 * each booking (`blocks_until` = end + the amenity's buffer when it was booked).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('amenities', (t) => {
    t.specificType('days_open', 'smallint[]').notNullable().defaultTo(knex.raw(`'{1,2,3,4,5,6,7}'`));
    t.integer('slot_minutes').notNullable().defaultTo(60);
    t.integer('min_notice_hours').notNullable().defaultTo(0);
    t.integer('max_advance_days').notNullable().defaultTo(30);
    t.integer('buffer_minutes').notNullable().defaultTo(0);
    t.integer('max_per_unit_per_month');
    t.boolean('exclusive').notNullable().defaultTo(true);
    t.boolean('requires_approval').notNullable().defaultTo(false);
    t.integer('cancel_hours_before').notNullable().defaultTo(0);
    t.boolean('block_if_overdue').notNullable().defaultTo(false);
    t.integer('deposit').notNullable().defaultTo(0);
  });
  await knex.raw(`
    alter table amenities add constraint amenities_slot_minutes_check check (slot_minutes between 15 and 720);
    alter table amenities add constraint amenities_min_notice_check check (min_notice_hours between 0 and 720);
    alter table amenities add constraint amenities_max_advance_check check (max_advance_days between 1 and 365);
    alter table amenities add constraint amenities_buffer_check check (buffer_minutes between 0 and 240);
    alter table amenities add constraint amenities_max_per_unit_check check (max_per_unit_per_month is null or max_per_unit_per_month >= 1);
    alter table amenities add constraint amenities_cancel_hours_check check (cancel_hours_before between 0 and 720);
    alter table amenities add constraint amenities_deposit_check check (deposit >= 0);
  `);
  await knex.schema.alterTable('amenity_bookings', (t) => {
    t.integer('unit_id').references('units.id').onDelete('SET NULL').index();
    t.boolean('exclusive').notNullable().defaultTo(true);
    t.timestamp('blocks_until', { useTz: true });
    t.text('cancel_reason');
    t.integer('deposit').notNullable().defaultTo(0);
    t.integer('charge_id').references('charges.id').onDelete('SET NULL');
    t.integer('deposit_charge_id').references('charges.id').onDelete('SET NULL');
    t.timestamp('reminded_at', { useTz: true });
    t.timestamp('decided_at', { useTz: true });
  });
  await knex.raw(`
    update amenity_bookings set blocks_until = end_time;
    -- Rows written without it (older code, fixtures) block until their end.
    create function amenity_bookings_blocks_until() returns trigger language plpgsql as $$
    begin
      if new.blocks_until is null or new.blocks_until < new.end_time then new.blocks_until := new.end_time; end if;
      return new;
    end $$;
    create trigger amenity_bookings_blocks_until before insert or update on amenity_bookings
      for each row execute function amenity_bookings_blocks_until();
    alter table amenity_bookings alter column blocks_until set not null;
    alter table amenity_bookings drop constraint amenity_bookings_no_overlap;
    alter table amenity_bookings add constraint amenity_bookings_no_overlap
      exclude using gist (amenity_id with =, tstzrange(start_time, blocks_until) with &&)
      where (status in ('pending', 'confirmed') and exclusive);
    create index amenity_bookings_live_index on amenity_bookings (amenity_id, start_time) where status in ('pending', 'confirmed');
  `);
}

export async function down(knex: Knex) {
  await knex.raw(`
    drop index amenity_bookings_live_index;
    drop trigger amenity_bookings_blocks_until on amenity_bookings;
    drop function amenity_bookings_blocks_until();
    alter table amenity_bookings drop constraint amenity_bookings_no_overlap;
    alter table amenity_bookings add constraint amenity_bookings_no_overlap
      exclude using gist (amenity_id with =, tstzrange(start_time, end_time) with &&)
      where (status in ('pending', 'confirmed'));
  `);
  await knex.schema.alterTable('amenity_bookings', (t) => {
    for (const column of ['unit_id', 'exclusive', 'blocks_until', 'cancel_reason', 'deposit', 'charge_id', 'deposit_charge_id', 'reminded_at', 'decided_at']) t.dropColumn(column);
  });
  await knex.schema.alterTable('amenities', (t) => {
    for (const check of ['slot_minutes', 'min_notice', 'max_advance', 'buffer', 'max_per_unit', 'cancel_hours', 'deposit']) t.dropChecks(`amenities_${check}_check`);
    for (const column of ['days_open', 'slot_minutes', 'min_notice_hours', 'max_advance_days', 'buffer_minutes', 'max_per_unit_per_month', 'exclusive', 'requires_approval', 'cancel_hours_before', 'block_if_overdue', 'deposit']) t.dropColumn(column);
  });
}
