import type { Knex } from 'knex';

/**
 * What the export of everything holds (docs/modules/onboarding.md): one CSV per table a user
 * would want back, each limited to the organization, or to one property of it. Every column
 * is exported as stored except binary contents (files, photos, signatures) and secrets
 * (password hashes, access codes, idempotency keys, tokens).
 */
export type ExportScope = { organizationId: number; propertyId: number | null };
type Table = { file: string; table: string; alias: string; rows: (trx: Knex, scope: ExportScope) => Knex.QueryBuilder };

const HIDDEN = new Set(['password', 'access_code', 'idempotency_key', 'token_hash', 'search']);

/** Rows of a table whose property is the export's (or any of the organization's). */
const ofProperties = (table: string, column = `${table}.property_id`) => (trx: Knex, scope: ExportScope) => {
  const query = trx(table).join('properties', 'properties.id', column).where('properties.organization_id', scope.organizationId);
  return scope.propertyId ? query.where('properties.id', scope.propertyId) : query;
};
const ofOrganization = (table: string) => (trx: Knex, scope: ExportScope) => {
  const query = trx(table).where(`${table}.organization_id`, scope.organizationId);
  return scope.propertyId ? query.where(`${table}.property_id`, scope.propertyId) : query;
};

export const EXPORT_TABLES: Table[] = [
  {
    file: 'propiedades.csv',
    table: 'properties',
    alias: 'properties',
    rows: (trx, scope) => {
      const query = trx('properties').where('properties.organization_id', scope.organizationId);
      return scope.propertyId ? query.where('properties.id', scope.propertyId) : query;
    },
  },
  { file: 'unidades.csv', table: 'units', alias: 'units', rows: ofProperties('units') },
  { file: 'cargos.csv', table: 'charges', alias: 'charges', rows: ofProperties('charges') },
  { file: 'pagos.csv', table: 'payments', alias: 'payments', rows: ofOrganization('payments') },
  { file: 'gastos.csv', table: 'expenses', alias: 'expenses', rows: ofOrganization('expenses') },
  {
    file: 'reservas.csv',
    table: 'amenity_bookings',
    alias: 'amenity_bookings',
    rows: (trx, scope) => {
      const query = trx('amenity_bookings').join('amenities', 'amenities.id', 'amenity_bookings.amenity_id').where('amenities.organization_id', scope.organizationId);
      return scope.propertyId ? query.where('amenities.property_id', scope.propertyId) : query;
    },
  },
  { file: 'visitantes.csv', table: 'visitors', alias: 'visitors', rows: ofProperties('visitors') },
  { file: 'mantenimiento.csv', table: 'maintenance_requests', alias: 'maintenance_requests', rows: ofProperties('maintenance_requests') },
  { file: 'documentos.csv', table: 'documents', alias: 'documents', rows: ofOrganization('documents') },
];

/** The exported columns of a table: all but binary ones and secrets. */
export async function exportedColumns(trx: Knex, table: string): Promise<string[]> {
  const info = (await trx(table).columnInfo()) as unknown as Record<string, { type: string }>;
  return Object.entries(info)
    .filter(([column, { type }]) => type !== 'bytea' && type !== 'tsvector' && !HIDDEN.has(column))
    .map(([column]) => column);
}

/**
 * The people: owners and residents of the organization (of the property: those living in it or
 * owning one of its units), with where they live and what they own.
 */
export const PEOPLE_COLUMNS = ['id', 'name', 'last_name', 'email', 'phone', 'identification_number', 'role', 'is_active', 'residences', 'owned_units'];
export function peopleRows(trx: Knex, scope: ExportScope) {
  const property = scope.propertyId ? 'and r.property_id = ?' : '';
  const owned = scope.propertyId ? 'and un.property_id = ?' : '';
  const bindings = scope.propertyId ? [scope.propertyId, scope.propertyId] : [];
  const query = trx('users as u')
    .where('u.organization_id', scope.organizationId)
    .whereIn('u.role', ['Propietario', 'Residente'])
    .select(
      'u.id', 'u.name', 'u.last_name', 'u.email', 'u.phone', 'u.identification_number', 'u.role', 'u.is_active',
      trx.raw(
        `(select string_agg(p.name || ' ' || coalesce(un.unit_number, '') || ' (' || r.status || coalesce(', ' || to_char(r.start_date, 'YYYY-MM-DD'), '') || ')', '; ' order by r.id)
            from residents r join properties p on p.id = r.property_id left join units un on un.id = r.unit_id where r.user_id = u.id ${property}) as residences`,
        scope.propertyId ? [scope.propertyId] : [],
      ),
      trx.raw(
        `(select string_agg(p.name || ' ' || un.unit_number, '; ' order by un.id) from units un join properties p on p.id = un.property_id where un.owner_id = u.id ${owned}) as owned_units`,
        scope.propertyId ? [scope.propertyId] : [],
      ),
    )
    .orderBy('u.id');
  if (scope.propertyId) {
    query.where((related) =>
      related
        .whereExists(trx('residents as r').whereRaw('r.user_id = u.id and r.property_id = ?', [bindings[0]]))
        .orWhereExists(trx('units as un').whereRaw('un.owner_id = u.id and un.property_id = ?', [bindings[1]])),
    );
  }
  return query;
}
