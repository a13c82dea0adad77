import { BaseModel } from './BaseModel';

export class Unit extends BaseModel {
  static override tableName = 'units';

  id!: number;
  propertyId!: number;
  unitNumber!: string;
  floor!: number | null;
  squareMeters!: number | null;
  bedrooms!: number | null;
  bathrooms!: number | null;
  isAvailable!: boolean;
  monthlyRent!: number | null;
  /** Participation percentage (alícuota), 0 to 100; null when not set. */
  share!: number | null;
  /** The unit's owner (a Propietario), billed before its residents. */
  ownerId!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
  /** Raised by every edit (server/db/versioned.ts). */
  version!: number;
}
