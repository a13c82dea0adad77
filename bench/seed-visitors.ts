import type { Knex } from 'knex';
import { ACCESS_CODE_ALPHABET } from '../shared/access-codes';

/**
 * The passes, set-based: pass g is for a day between a year ago and two weeks ahead, hosted by
 * a resident of a tower for their unit, with a code of the desk's alphabet drawn from a hash
 * (live codes must differ; a closed pass's code may come back). Past passes were used (seven
 * in ten, with their entry), expired or cancelled; today's are expected or inside; one in
 * twenty is recurring (weekdays, three months). One unit in twenty has a name it refuses.
 */
export async function seedPasses(db: Knex, organizationId: number, adminId: number, passes: number) {
  await db.transaction(async (trx) => {
    await trx.raw(
      `with hosts as (
         select row_number() over (order by r.id) as n, r.user_id, r.unit_id, r.property_id
         from residents r join properties p on p.id = r.property_id
         where p.organization_id = :organizationId and r.status <> 'inactive'
       ), passes as (
         select g, h.user_id, h.unit_id, h.property_id,
                date_trunc('hour', now()) + make_interval(days => g * 37 % 380 - 365, hours => (g / 7) % 24 - 12) as arrives,
                g % 20 = 0 as recurring
         from generate_series(1, :passes) g
         join hosts h on h.n = g % (select count(*) from hosts) + 1
       )
       insert into visitors (host_id, property_id, unit_id, name, phone, purpose, visit_type, pass_kind, expected_arrival, expected_departure,
                             valid_from, valid_to, weekdays, max_uses, uses, status, access_code, pass_token, vehicle_plate,
                             check_in_time, check_out_time, checked_in_by_id, checked_out_by_id, created_by_id, created_at, updated_at)
       select p.user_id, p.property_id, p.unit_id, 'Visitante ' || p.g, '809-555-' || lpad((p.g % 10000)::text, 4, '0'),
              case when p.g % 3 = 0 then 'Entrega' else 'Visita' end, case when p.g % 3 = 0 then 'delivery' else 'guest' end,
              case when p.recurring then 'recurring' else 'one-time' end, p.arrives, p.arrives + interval '3 hours',
              p.arrives - interval '1 hour', case when p.recurring then p.arrives + interval '90 days' else p.arrives + interval '6 hours' end,
              case when p.recurring then '{1,3,5}'::smallint[] end, case when p.recurring then null else 1 end,
              case when s.status in ('checked-out', 'checked-in') then 1 else 0 end, s.status,
              (select string_agg(substr(a.letters, 1 + get_byte(decode(md5(p.g || '-' || :organizationId), 'hex'), i) % length(a.letters), 1), '' order by i)
               from generate_series(0, 7) i),
              md5(p.g || 'a' || :organizationId) || md5(p.g || 'b' || :organizationId),
              case when p.g % 4 = 0 then 'A' || lpad((p.g % 1000000)::text, 6, '0') end,
              case when s.status in ('checked-out', 'checked-in') then p.arrives end,
              case when s.status = 'checked-out' then p.arrives + interval '2 hours' end,
              case when s.status in ('checked-out', 'checked-in') then a.admin end,
              case when s.status = 'checked-out' then a.admin end,
              p.user_id, p.arrives - interval '2 days', p.arrives
       from passes p
       cross join (select cast(:alphabet as text) as letters, cast(:adminId as int) as admin) a
       cross join lateral (select case
         when p.recurring and p.arrives + interval '90 days' > now() then 'scheduled'
         when p.arrives - interval '1 hour' > now() then 'scheduled'
         when p.arrives + interval '6 hours' > now() then case when p.g % 2 = 0 then 'checked-in' else 'scheduled' end
         when p.g % 10 = 3 then 'cancelled'
         when p.g % 10 in (4, 5) then 'expired'
         else 'checked-out' end as status) s`,
      { organizationId, adminId, passes, alphabet: ACCESS_CODE_ALPHABET },
    );
    await trx.raw(
      `insert into visits (visitor_id, property_id, checked_in_at, checked_in_by_id, checked_out_at, checked_out_by_id)
       select v.id, v.property_id, v.check_in_time, v.checked_in_by_id, v.check_out_time, v.checked_out_by_id
       from visitors v join properties p on p.id = v.property_id
       where p.organization_id = :organizationId and v.check_in_time is not null`,
      { organizationId },
    );
    await trx.raw(
      `insert into visitor_blocks (property_id, unit_id, name, reason, created_by_id)
       select u.property_id, u.id, 'Persona No Admitida ' || u.id, 'Pedido del propietario', :adminId
       from units u join properties p on p.id = u.property_id
       where p.organization_id = :organizationId and u.id % 20 = 0`,
      { organizationId, adminId },
    );
  });
  const count = async (table: string) =>
    Number((await db(table).join('properties', 'properties.id', `${table}.property_id`).where('properties.organizationId', organizationId).count({ n: '*' }))[0].n);
  return { pases: await count('visitors'), entradas: await count('visits'), 'no admitir': await count('visitor_blocks') };
}
