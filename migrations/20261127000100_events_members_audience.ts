import type { Knex } from 'knex';

// A new event audience, `members`: the organization's people who read its shared content
// (administrators, owners, residents), not its suppliers. Public documents' events move there.
const BEFORE = ['organization', 'administrators', 'property', 'user'];
const AFTER = [...BEFORE, 'members'];

const audienceCheck = (values: string[]) =>
  `alter table events add constraint events_audience_check check (audience in (${values.map((value) => `'${value}'`).join(', ')}))`;

export async function up(knex: Knex) {
  await knex.raw('alter table events drop constraint events_audience_check');
  await knex.raw(audienceCheck(AFTER));
  await knex('events').where({ audience: 'organization', subjectType: 'document' }).update({ audience: 'members' });
}

export async function down(knex: Knex) {
  await knex('events').where({ audience: 'members' }).update({ audience: 'organization' });
  await knex.raw('alter table events drop constraint events_audience_check');
  await knex.raw(audienceCheck(BEFORE));
}
