import type { Property } from '../models/Property';
import type { Unit } from '../models/Unit';

/*
 * The rows of properties and units as the commands read them, which policies, presenters and
 * files take as they are.
 */

/** Every column of a property but the photo bytes (those are only read by the image route). */
export const PROPERTY_COLUMNS = [
  'id', 'name', 'address', 'city', 'country', 'type', 'status', 'bedrooms', 'bathrooms', 'area', 'rent',
  'description', 'imageType', 'ownerId', 'organizationId', 'createdAt', 'updatedAt', 'version',
] as const;

/** A properties row as the commands read it: every column but the photo, with counts. */
export type PropertyRow = Pick<Property, (typeof PROPERTY_COLUMNS)[number]> & {
  /** Its rows in `units`. */
  unitCount: number;
  /** Active and temporary residents. */
  residentCount: number;
};

/** A units row as the commands read it, with its residents and owner. */
export type UnitRow = Pick<
  Unit,
  'id' | 'propertyId' | 'unitNumber' | 'floor' | 'squareMeters' | 'bedrooms' | 'bathrooms' | 'isAvailable' | 'monthlyRent' | 'share' | 'ownerId' | 'createdAt' | 'updatedAt' | 'version'
> & {
  /** Active and temporary residents living in the unit (a unit with any cannot be deleted). */
  residentCount: number;
  ownerName: string | null;
};

/** A unit with its property, as the policies find it (findReadableUnit, findBillingUnit). */
export type PlacedUnit = { unit: Unit; property: Property };
