import type { UnitRow } from '../rows/properties';

/** A unit as the API answers it; `monthlyRent` is integer centavos of RD$. */
export function presentUnit(row: UnitRow) {
  return {
    id: row.id,
    propertyId: row.propertyId,
    unitNumber: row.unitNumber,
    floor: row.floor,
    squareMeters: row.squareMeters,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    isAvailable: row.isAvailable,
    monthlyRent: row.monthlyRent,
    share: row.share,
    residentCount: row.residentCount,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}
export type PresentedUnit = ReturnType<typeof presentUnit>;
