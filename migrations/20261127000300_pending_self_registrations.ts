import type { Knex } from 'knex';

// Self-registration used to make the person an active resident of the property they named at
// once. Those residences that no administrator has touched since (still active, no unit)
// become pending join requests: the people keep their accounts and wait for approval.
const SELF_REGISTERED = `
  select r.id, r.user_id as "userId", r.property_id as "propertyId", r.created_at as "createdAt",
         p.organization_id as "organizationId", u.property_ref as "propertyRef"
  from residents r
  join properties p on p.id = r.property_id
  join users u on u.id = r.user_id
  where r.unit_id is null and r.status = 'active'
    and exists (select 1 from events e where e.type = 'user.registered' and e.subject_type = 'user'
                and e.subject_id = r.user_id and e.property_id = r.property_id)`;

export async function up(knex: Knex) {
  const { rows } = await knex.raw(SELF_REGISTERED);
  for (const row of rows) {
    await knex('join_requests').insert({
      organizationId: row.organizationId,
      userId: row.userId,
      propertyId: row.propertyId,
      propertyReference: row.propertyRef,
      createdAt: row.createdAt,
    });
    await knex('residents').where({ id: row.id }).delete();
  }
}

export async function down(knex: Knex) {
  const pending = await knex('join_requests').where({ status: 'pending' }).whereNotNull('propertyId');
  for (const request of pending) {
    await knex('residents').insert({ userId: request.userId, propertyId: request.propertyId, status: 'active', createdAt: request.createdAt });
    await knex('join_requests').where({ id: request.id }).delete();
  }
}
