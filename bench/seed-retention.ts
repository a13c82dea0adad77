import type { Knex } from 'knex';

/**
 * The retention suite's data, set-based (generate_series): `visits` closed visitor passes of one
 * organization over the past three years, nearly all past the 180-day retention period (one in
 * 33 is of the last 170 days), with the personal data the sweep removes (name, phone, email,
 * purpose, one plate in four); and `packages` that left the desk, each with a photo (16 KB of
 * incompressible bytes behind a JPEG header: what a phone's compressed photo weighs, stored in
 * the row like the app's uploads) and, when picked up, a 2 KB signature and who took it.
 * Written with the data-version triggers and foreign-key checks off (session_replication_role):
 * a million deferred trigger calls would be most of the seeding time, and no reader is running.
 */
export async function seedRetention(db: Knex, organizationId: number, adminId: number, sizes: { visits: number; packages: number }) {
  await db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx.raw(
      `with hosts as (
         select row_number() over (order by r.id) as n, r.user_id, r.unit_id, r.property_id
         from residents r join properties p on p.id = r.property_id
         where p.organization_id = :organizationId and r.status <> 'inactive'
       ), passes as (
         select g, h.user_id, h.unit_id, h.property_id,
                date_trunc('hour', now()) - make_interval(days => case when g % 33 = 0 then g % 170 else 190 + g * 37 % 900 end, hours => g % 24) as arrives
         from generate_series(1, :visits) g
         join hosts h on h.n = g % (select count(*) from hosts) + 1
       )
       insert into visitors (host_id, property_id, unit_id, name, phone, email, purpose, visit_type, pass_kind, expected_arrival, expected_departure,
                             valid_from, valid_to, max_uses, uses, status, access_code, pass_token, vehicle_plate,
                             check_in_time, check_out_time, checked_in_by_id, checked_out_by_id, created_by_id, created_at, updated_at)
       select p.user_id, p.property_id, p.unit_id, 'Visitante ' || p.g, '809-555-' || lpad((p.g % 10000)::text, 4, '0'),
              case when p.g % 5 = 0 then 'visitante' || p.g || '@correo.do' end,
              case when p.g % 3 = 0 then 'Entrega' else 'Visita familiar' end, case when p.g % 3 = 0 then 'delivery' else 'guest' end,
              'one-time', p.arrives, p.arrives + interval '3 hours', p.arrives - interval '1 hour', p.arrives + interval '6 hours', 1,
              case when s.status = 'checked-out' then 1 else 0 end, s.status,
              upper(substr(md5(p.g::text), 1, 8)), md5(p.g || 'a') || md5(p.g || 'b'),
              case when p.g % 4 = 0 then 'A' || lpad((p.g % 1000000)::text, 6, '0') end,
              case when s.status = 'checked-out' then p.arrives end,
              case when s.status = 'checked-out' then p.arrives + interval '2 hours' end,
              case when s.status = 'checked-out' then cast(:adminId as int) end,
              case when s.status = 'checked-out' then cast(:adminId as int) end,
              p.user_id, p.arrives - interval '2 days', p.arrives
       from passes p
       cross join lateral (select case when p.g % 10 = 3 then 'cancelled' when p.g % 10 in (4, 5) then 'expired' else 'checked-out' end as status) s`,
      { organizationId, adminId, visits: sizes.visits },
    );
    await trx.raw(
      `with units_ as (
         select row_number() over (order by u.id) as n, u.id, u.property_id
         from units u join properties p on p.id = u.property_id where p.organization_id = :organizationId
       ), files as (
         select decode('ffd8ffe000104a464946', 'hex') || decode(string_agg(md5(i || 'foto'), '' order by i), 'hex') as photo,
                decode('89504e470d0a1a0a', 'hex') || decode(string_agg(md5(i || 'firma'), '' order by i) filter (where i <= 128), 'hex') as signature
         from generate_series(1, 1024) i
       ), pk as (
         select g, u.id as unit_id, u.property_id,
                now() - make_interval(days => case when g % 33 = 0 then g % 170 else 190 + g * 37 % 900 end, hours => g % 24) as arrived
         from generate_series(1, :packages) g
         join units_ u on u.n = g % (select count(*) from units_) + 1
       )
       insert into packages (property_id, unit_id, carrier, tracking, size, shelf, status, pickup_code, logged_by_id, created_at, updated_at,
                             photo_type, photo, picked_up_at, picked_up_by_name, picked_up_by_id_number, signature, handed_by_id,
                             returned_at, returned_by_id, return_reason)
       select pk.property_id, pk.unit_id, 'dhl', 'TRK' || pk.g, 'medium', 'E-1', s.status, lpad((pk.g * 7919 % 1000000)::text, 6, '0'),
              cast(:adminId as int), pk.arrived, pk.arrived, 'image/jpeg', f.photo,
              case when s.status = 'picked_up' then pk.arrived + interval '1 day' end,
              case when s.status = 'picked_up' then 'Persona ' || pk.g end,
              case when s.status = 'picked_up' then lpad(pk.g::text, 11, '0') end,
              case when s.status = 'picked_up' then f.signature end,
              case when s.status = 'picked_up' then cast(:adminId as int) end,
              case when s.status = 'returned' then pk.arrived + interval '10 days' end,
              case when s.status = 'returned' then cast(:adminId as int) end,
              case when s.status = 'returned' then 'Nadie lo retiró' end
       from pk cross join files f
       cross join lateral (select case when pk.g % 10 = 0 then 'returned' else 'picked_up' end as status) s`,
      { organizationId, adminId, packages: sizes.packages },
    );
  });
}

/** The visits and packages of the database past the retention period and not yet anonymised (as the sweep decides, 180 days here). */
export async function dueCounts(db: Knex) {
  const { rows } = await db.raw(
    `select (select count(*) from visitors where anonymized_at is null and status not in ('scheduled', 'pending', 'checked-in')
               and coalesce(check_out_time, valid_to, created_at) < now() - interval '180 days') as visits,
            (select count(*) from packages where anonymized_at is null and status <> 'waiting'
               and coalesce(picked_up_at, returned_at) < now() - interval '180 days') as packages`,
  );
  return { visits: Number(rows[0].visits), packages: Number(rows[0].packages) };
}
