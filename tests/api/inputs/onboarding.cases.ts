import { readFileSync } from 'node:fs';
import path from 'node:path';
import { db } from '../../../server/db';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

const csv = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/onboarding/unidades-excel-es.csv')).toString('base64');

async function previewed(tenant: Tenant) {
  const [row] = await db()('imports')
    .insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, kind: 'units', fileName: 'u.csv', createdById: tenant.admin.id, columns: JSON.stringify(['Unidad']), cells: JSON.stringify([['Z9']]), mapping: JSON.stringify({ unitNumber: 0 }) })
    .returning('id');
  return row.id as number;
}

/** Onboarding: imports and mass unit creation. */
export const cases: InputCase[] = [
  { route: 'POST /api/imports', request: (tenant) => ({ path: '/api/imports', body: { kind: 'units', propertyId: tenant.property.id, file: { fileName: 'unidades.csv', fileType: 'text/csv', content: csv } } }) },
  { route: 'PATCH /api/imports/:id', noText: 'its body is a mapping of field names to column numbers (checked by the mapping schema)' },
  { route: 'POST /api/imports/:id/apply', request: async (tenant) => ({ path: `/api/imports/${await previewed(tenant)}/apply`, body: { mode: 'valid' } }) },
  { route: 'POST /api/exports', request: (tenant) => ({ path: '/api/exports', body: { propertyId: tenant.property.id } }), expect: 202 },
  { route: 'GET /api/exports/:id', noText: 'its only input is the id in the path' },
  { route: 'GET /api/exports/:id/download', noText: 'its only input is the id in the path' },
  {
    route: 'POST /api/properties/:id/units/bulk',
    request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/units/bulk`, body: { floors: { from: 1, to: 2 }, perFloor: 2, pattern: '{floor}0{n}', prefix: 'Local ' } }),
  },
];
