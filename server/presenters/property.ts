import type { PropertyRow } from '../rows/properties';

const version = (date: Date | string) => new Date(date).getTime();

/**
 * A property as the API answers it. Money (`rent`) is integer centavos; `image` is the URL of
 * the photo (with a version so a new photo is fetched again) or null, never the bytes.
 */
export function presentProperty(row: PropertyRow) {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    type: row.type,
    status: row.status,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    area: row.area,
    rent: row.rent,
    /** The number of its units (rows in `units`). */
    units: row.unitCount,
    residentCount: row.residentCount,
    description: row.description,
    image: row.imageType ? `/api/properties/${row.id}/image?v=${version(row.updatedAt)}` : null,
    ownerId: row.ownerId,
    organizationId: row.organizationId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}
export type PresentedProperty = ReturnType<typeof presentProperty>;
