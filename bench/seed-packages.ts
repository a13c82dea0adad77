import type { Knex } from 'knex';

const CARRIERS = `array['dhl','fedex','ups','amazon','vimenpaq','eps','local','other']`;

/**
 * Set-based: package g arrives a day between a year ago and now for a unit of a tower; those of
 * the last three days wait, the older were picked up (nine in ten, by a resident or by name) or
 * returned.
 */
export async function insertPackages(trx: Knex, organizationId: number, adminId: number, packages: number) {
  await trx.raw(
    `with units_ as (
       select row_number() over (order by u.id) as n, u.id, u.property_id
       from units u join properties p on p.id = u.property_id where p.organization_id = :organizationId
     ), pk as (
       select g, u.id as unit_id, u.property_id,
              now() - make_interval(days => g * 37 % 365, hours => g % 24) as arrived
       from generate_series(1, :packages) g
       join units_ u on u.n = g % (select count(*) from units_) + 1
     )
     insert into packages (property_id, unit_id, carrier, tracking, size, perishable, shelf, status, pickup_code, logged_by_id, created_at, updated_at,
                           picked_up_at, picked_up_by_name, picked_up_by_id_number, handed_by_id, returned_at, returned_by_id, return_reason)
     select pk.property_id, pk.unit_id, (${CARRIERS})[1 + pk.g % 8], 'TRK' || pk.g, (array['small','medium','large','oversized'])[1 + pk.g % 4],
            pk.g % 25 = 0, 'E-' || (pk.g % 9), s.status, lpad((pk.g * 7919 % 1000000)::text, 6, '0'), cast(:adminId as int), pk.arrived, pk.arrived,
            case when s.status = 'picked_up' then pk.arrived + interval '1 day' end,
            case when s.status = 'picked_up' then 'Persona ' || pk.g end,
            case when s.status = 'picked_up' then lpad(pk.g::text, 11, '0') end,
            case when s.status = 'picked_up' then cast(:adminId as int) end,
            case when s.status = 'returned' then pk.arrived + interval '10 days' end,
            case when s.status = 'returned' then cast(:adminId as int) end,
            case when s.status = 'returned' then 'Nadie lo retiró' end
     from pk cross join lateral (select case
       when pk.arrived > now() - interval '3 days' then 'waiting'
       when pk.g % 10 = 0 then 'returned'
       else 'picked_up' end as status) s`,
    { organizationId, adminId, packages },
  );
}
