import type { Knex } from 'knex';

/** How big the seeded organization is (issue 4: 2,000 properties, 40,000 units, 60,000 residents). */
export type PropertySeedSizes = { properties: number; unitsPerProperty: number; residents: number };
export const LARGE_ORGANIZATION: PropertySeedSizes = { properties: 2_000, unitsPerProperty: 20, residents: 60_000 };

// Spanish names with and without accents, so searches behave as they would in real data.
const FIRST_NAMES = [
  'José', 'María', 'Juan', 'Ana', 'Luis', 'Carmen', 'Carlos', 'Rosa', 'Pedro', 'Lucía', 'Miguel', 'Inés',
  'Rafael', 'Marta', 'Jorge', 'Elena', 'Ramón', 'Sofía', 'Andrés', 'Patricia', 'Francisco', 'Yolanda',
  'Manuel', 'Altagracia', 'Héctor', 'Mercedes', 'Víctor', 'Beatriz', 'Julio', 'Dolores', 'Ángel', 'Teresa',
  'Fernando', 'Isabel', 'Ramona', 'Domingo', 'Esperanza', 'Tomás', 'Raquel', 'Wilson',
];
const LAST_NAMES = [
  'Pérez', 'Rodríguez', 'Martínez', 'Gómez', 'Díaz', 'Núñez', 'Sánchez', 'Ramírez', 'Reyes', 'Jiménez',
  'Castillo', 'Peña', 'Guzmán', 'Santana', 'Batista', 'Almonte', 'Vargas', 'Mejía', 'Tavárez', 'Féliz',
  'Polanco', 'Ureña', 'Cruz', 'Herrera', 'Rosario', 'Báez', 'Encarnación', 'Valdez', 'Suero', 'Cabrera',
  'Espinal', 'Abreu', 'Marte', 'Medina', 'Acosta', 'Matos', 'Liriano', 'Lantigua', 'Paulino', 'Fermín',
];
const PROPERTY_WORDS = [
  'Los Prados', 'Bella Vista', 'Naco', 'Piantini', 'Evaristo Morales', 'Gazcue', 'Arroyo Hondo', 'Serrallés',
  'Los Cacicazgos', 'Mirador Sur', 'La Esperilla', 'Paraíso', 'Cerros de Gurabo', 'Los Jardines',
];

/** A PostgreSQL array literal (knex would expand a JS array into a list of bindings). */
const pgArray = (values: string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

/**
 * Fills one organization with properties, their units, and Residente users living in them,
 * in a few set-based statements (generate_series), not row by row: seconds, not minutes.
 * Every user gets `passwordHash`. Returns what was written.
 */
export async function seedLargeOrganization(
  db: Knex,
  organizationId: number,
  passwordHash: string,
  sizes: PropertySeedSizes = LARGE_ORGANIZATION,
) {
  const floors = Math.ceil(sizes.unitsPerProperty / 4);
  await db.transaction(async (trx) => {
    await trx.raw(
      `insert into properties (name, address, city, country, type, status, rent, organization_id)
       select 'Residencial ' || w.words[1 + g % cardinality(w.words)] || ' ' || g,
              'Calle ' || (g % 90 + 1) || ' #' || g || ', ' || w.words[1 + (g / 7) % cardinality(w.words)],
              'DO-santo-domingo', 'DO', 'apartment', 'occupied', 4500000, :organizationId
       from generate_series(1, :properties) g, (select cast(:words as text[]) as words) w`,
      { words: pgArray(PROPERTY_WORDS), organizationId, properties: sizes.properties },
    );
    // Unit numbers as on a building: floor then door (101, 102, ... 504).
    await trx.raw(
      `insert into units (property_id, unit_number, floor, square_meters, bedrooms, bathrooms, monthly_rent)
       select p.id, (f * 100 + d)::text, f, 60 + d * 10, 1 + d % 3, 1 + d % 2, 2500000 + d * 250000
       from properties p
       cross join generate_series(1, :floors) f
       cross join generate_series(1, 4) d
       where p.organization_id = :organizationId and (f - 1) * 4 + d <= :unitsPerProperty`,
      { floors, organizationId, unitsPerProperty: sizes.unitsPerProperty },
    );
    await trx.raw(
      `insert into users (username, email, password, name, last_name, phone, role, organization_id, country, city)
       select 'residente' || g || '-o' || :organizationId || '@bench.do', 'residente' || g || '-o' || :organizationId || '@bench.do',
              :passwordHash,
              n.first[1 + g % cardinality(n.first)],
              n.last[1 + (g / cardinality(n.first)) % cardinality(n.last)] || ' ' || n.last[1 + (g / 7) % cardinality(n.last)],
              '809-555-' || lpad((g % 10000)::text, 4, '0'), 'Residente', :organizationId, 'DO', 'DO-santo-domingo'
       from generate_series(1, :residents) g, (select cast(:first as text[]) as first, cast(:last as text[]) as last) n`,
      { organizationId, passwordHash, first: pgArray(FIRST_NAMES), last: pgArray(LAST_NAMES), residents: sizes.residents },
    );
    // Residents fill the units in turn (so some units have two); one in ten has moved out.
    await trx.raw(
      `with people as (
         select id, row_number() over (order by id) as n from users where organization_id = :organizationId and role = 'Residente'
       ), places as (
         select u.id, u.property_id, row_number() over (order by u.id) as n
         from units u join properties p on p.id = u.property_id where p.organization_id = :organizationId
       )
       insert into residents (user_id, property_id, unit_id, status, start_date, end_date)
       select people.id, places.property_id, places.id,
              case when people.n % 10 = 0 then 'inactive' when people.n % 20 = 3 then 'temporary' else 'active' end,
              current_date - (people.n % 1500)::int,
              case when people.n % 10 = 0 then current_date else null end
       from people join places on places.n = (people.n - 1) % (select count(*) from places) + 1`,
      { organizationId },
    );
  });
  // As autovacuum leaves a table in use: statistics, and the visibility map that lets counts read indexes only.
  await db.raw('vacuum analyze properties, units, users, residents');
  const count = async (sql: string) => Number((await db.raw(sql, { organizationId })).rows[0].count);
  return {
    properties: await count('select count(*) from properties where organization_id = :organizationId'),
    units: await count('select count(*) from units join properties p on p.id = units.property_id where p.organization_id = :organizationId'),
    residents: await count('select count(*) from residents join properties p on p.id = residents.property_id where p.organization_id = :organizationId'),
  };
}
