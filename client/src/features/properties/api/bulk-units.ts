import { api } from '@client/lib/api';

/** The body of POST /api/properties/:id/units/bulk (shared/schemas/imports.ts `UnitBulkSchema`). */
export type BulkUnitsBody = { floors: { from: number; to: number }; perFloor: number; pattern: string; prefix: string; equalShares: boolean };

/** The numbers a pattern makes, each new (`create`) or already the property's (`skip`); `share` when equal shares. */
export type BulkUnitsPlan = {
  units: Array<{ unitNumber: string; floor: number; outcome: 'create' | 'skip' }>;
  share: number | null;
  totals: { create: number; skip: number };
};

/** The dry run (`?dryRun=true`, nothing written), else the units created (existing numbers skipped). */
export const bulkUnits = (propertyId: number, body: BulkUnitsBody, dryRun: boolean) =>
  api.post<BulkUnitsPlan>(`/api/properties/${propertyId}/units/bulk${dryRun ? '?dryRun=true' : ''}`, body);
