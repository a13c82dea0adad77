import type { Pojo } from 'objection';
import { BaseModel } from './BaseModel';

export class Property extends BaseModel {
  static override tableName = 'properties';

  id!: number;
  name!: string;
  address!: string;
  city!: string | null;
  country!: string | null;
  type!: 'apartment' | 'house' | 'commercial' | 'mixed-use';
  status!: 'occupied' | 'vacant' | 'reserved' | 'maintenance';
  bedrooms!: number | null;
  bathrooms!: number | null;
  area!: number | null;
  rent!: number | null;
  description!: string | null;
  image!: Buffer | null;
  imageType!: string | null;
  ownerId!: number | null;
  organizationId!: number;
  createdAt!: Date;
  updatedAt!: Date;
  /** Raised by every edit (server/db/versioned.ts). */
  version!: number;

  override $formatJson(json: Pojo) {
    const { image: _image, ...rest } = super.$formatJson(json);
    return rest;
  }
}
