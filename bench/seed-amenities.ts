import type { Knex } from 'knex';
import { TIME_ZONE, zonedParts } from '../shared/time';

/**
 * Four amenities per property and their bookings, set-based: for each amenity, day and slot of
 * its grid a pseudo-random number of bookings (a hash of the three), by residents of the
 * property. Shared amenities take several bookings a slot; exclusive ones at most one, and the
 * party room (an hour's buffer after each booking) only every other slot, as its exclusion
 * constraint demands.
 */
export async function seedAmenities(db: Knex, organizationId: number, days: { from: number; to: number }) {
  await db.transaction(async (trx) => {
    await trx.raw(
      `insert into amenities (name, type, capacity, hourly_rate, opening_time, closing_time, slot_minutes, buffer_minutes, exclusive,
                              requires_approval, min_notice_hours, max_advance_days, deposit, property_id, organization_id)
       select k.name, k.type, k.capacity, k.rate, k.opens::time, k.closes::time, k.slot, k.buffer, k.exclusive, k.approval, k.notice, 60, k.deposit,
              p.id, p.organization_id
       from properties p
       cross join (values ('Gimnasio', 'gym', 12, 0, '06:00', '22:00', 60, 0, false, false, 0, 0),
                          ('Piscina', 'pool', 30, 0, '08:00', '20:00', 60, 0, false, false, 0, 0),
                          ('Área BBQ', 'bbq', 20, 50000, '10:00', '22:00', 120, 0, true, false, 24, 0),
                          ('Salón de fiestas', 'party_room', 80, 150000, '10:00', '22:00', 240, 60, true, true, 48, 500000))
         as k(name, type, capacity, rate, opens, closes, slot, buffer, exclusive, approval, notice, deposit)
       where p.organization_id = :organizationId`,
      { organizationId },
    );
    // chance: one slot in `chance` has bookings; most: how many at most (1 for exclusive amenities).
    await trx.raw(
      `with busy(type, chance, most) as (values ('gym', 2, 3), ('pool', 2, 4), ('bbq', 3, 1), ('party_room', 2, 1)),
       people as (
         select r.property_id, array_agg(r.user_id order by r.id) as users, array_agg(r.unit_id order by r.id) as units
         from residents r join properties p on p.id = r.property_id
         where p.organization_id = :organizationId and r.status <> 'inactive'
         group by r.property_id
       ),
       slots as (
         select a.*, busy.chance, busy.most,
                ((cast(:today as date) + d) + a.opening_time + make_interval(mins => k * a.slot_minutes)) at time zone :zone as starts,
                abs(hashint4(a.id * 7919 + d * 101 + k)) as h
         from amenities a
         join busy on busy.type = a.type
         cross join generate_series(cast(:from as int), cast(:to as int)) d
         cross join lateral generate_series(0, (extract(epoch from a.closing_time - a.opening_time) / 60 / a.slot_minutes)::int - 1) k
         where a.organization_id = :organizationId and (a.buffer_minutes = 0 or k % 2 = 0)
       )
       insert into amenity_bookings (amenity_id, user_id, unit_id, start_time, end_time, blocks_until, exclusive, status, cancel_reason,
                                     attendees, total_cost, deposit, created_at, updated_at)
       select s.id, people.users[1 + (s.h + b * 13) % cardinality(people.users)], people.units[1 + (s.h + b * 13) % cardinality(people.units)],
              s.starts, s.starts + make_interval(mins => s.slot_minutes), s.starts + make_interval(mins => s.slot_minutes + s.buffer_minutes),
              s.exclusive, x.status, case when x.status = 'cancelled' then 'Cambio de planes' end,
              case when s.exclusive then 5 + s.h % 15 else 1 + (s.h + b) % 3 end,
              s.hourly_rate * s.slot_minutes / 60, s.deposit, s.starts - interval '5 days', s.starts - interval '5 days'
       from slots s
       join people on people.property_id = s.property_id
       cross join lateral generate_series(1, 1 + (s.h / s.chance) % s.most) b
       cross join lateral (select case when (s.h + b) % 10 = 1 then 'cancelled'
                                       when s.starts < now() then 'completed'
                                       when s.requires_approval and s.h % 3 = 0 then 'pending'
                                       else 'confirmed' end as status) x
       where s.h % s.chance = 0`,
      { organizationId, today: zonedParts(new Date()).day, zone: TIME_ZONE, from: days.from, to: days.to },
    );
  });
  const count = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }))[0].n);
  const amenities = () => db('amenities').where({ organizationId });
  return {
        'áreas comunes': await count(amenities()),
    reservas: await count(db('amenityBookings').whereIn('amenityId', amenities().select('id'))),
  };
}
