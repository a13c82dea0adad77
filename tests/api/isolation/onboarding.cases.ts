import { readFileSync } from 'node:fs';
import path from 'node:path';
import { db } from '../../../server/db';
import type { IsolationCase, World } from './types';

const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
const csv = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/onboarding/unidades-excel-es.csv')).toString('base64');

/** A previewed import of the other organization's property. */
async function otherImport(world: World) {
  const [row] = await db()('imports')
    .insert({ organizationId: world.other.organization.id, propertyId: world.other.property.id, kind: 'units', fileName: `ajeno-${world.other.property.name}.csv`, columns: JSON.stringify(['Unidad']), cells: JSON.stringify([['Z9']]), mapping: JSON.stringify({ unitNumber: 0 }) })
    .returning('id');
  return row.id as number;
}

/** A ready export of the other organization (its file name would leak it). */
async function otherExport(world: World) {
  const [row] = await db()('exports')
    .insert({ organizationId: world.other.organization.id, propertyId: null, status: 'ready', fileName: `ajeno-${world.other.property.name}.zip`, content: Buffer.from('PK'), expiresAt: db().raw("now() + interval '1 day'") })
    .returning('id');
  return row.id as number;
}

// Imports are for administrators only (403 to anyone else); another organization's is 404.
const each = (route: string, request: IsolationCase['request'], admin = 404): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, expect: as === 'admin' ? admin : 403, mustNotContain: (world) => [`ajeno-${world.other.property.name}`] }));

export const cases: IsolationCase[] = [
  ...each('POST /api/imports', (world) => ({ path: '/api/imports', body: { kind: 'units', propertyId: world.other.property.id, file: { fileName: 'u.csv', content: csv } } })),
  ...each('GET /api/imports/:id', async (world) => ({ path: `/api/imports/${await otherImport(world)}` })),
  ...each('PATCH /api/imports/:id', async (world) => ({ path: `/api/imports/${await otherImport(world)}`, body: { mapping: { unitNumber: 0 } } })),
  ...each('POST /api/imports/:id/apply', async (world) => ({ path: `/api/imports/${await otherImport(world)}/apply`, body: {} })),
  ...each('GET /api/imports/:id/errors.csv', async (world) => ({ path: `/api/imports/${await otherImport(world)}/errors.csv` })),
  // Templates hold no organization's data: administrators get them, others 403.
  ...each('GET /api/imports/templates/:kind.csv', () => ({ path: '/api/imports/templates/units.csv' }), 200),
  ...each('GET /api/imports/templates/:kind.xlsx', () => ({ path: '/api/imports/templates/units.xlsx' }), 200),
  ...each('POST /api/exports', (world) => ({ path: '/api/exports', body: { propertyId: world.other.property.id } })),
  ...each('GET /api/exports/:id', async (world) => ({ path: `/api/exports/${await otherExport(world)}` })),
  ...each('GET /api/exports/:id/download', async (world) => ({ path: `/api/exports/${await otherExport(world)}/download` })),
  ...each('POST /api/properties/:id/units/bulk', (world) => ({ path: `/api/properties/${world.other.property.id}/units/bulk`, body: { floors: { from: 1, to: 1 }, perFloor: 1, pattern: '{floor}{letter}' } })),
];
