import type { Pojo, RelationMappings } from 'objection';
import { Amenity } from './Amenity';
import { BaseModel } from './BaseModel';
import { Broadcast } from './Broadcast';
import { Organization } from './Organization';
import { Resident } from './Resident';
import { Unit } from './Unit';
import { User } from './User';

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

  static override relationMappings = (): RelationMappings => ({
    organization: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'properties.organizationId', to: 'organizations.id' },
    },
    owner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'properties.ownerId', to: 'users.id' },
    },
    unitList: {
      relation: BaseModel.HasManyRelation,
      modelClass: Unit,
      join: { from: 'properties.id', to: 'units.propertyId' },
    },
    residents: {
      relation: BaseModel.HasManyRelation,
      modelClass: Resident,
      join: { from: 'properties.id', to: 'residents.propertyId' },
    },
    amenities: {
      relation: BaseModel.HasManyRelation,
      modelClass: Amenity,
      join: { from: 'properties.id', to: 'amenities.propertyId' },
    },
    broadcasts: {
      relation: BaseModel.HasManyRelation,
      modelClass: Broadcast,
      join: { from: 'properties.id', to: 'broadcasts.propertyId' },
    },
  });
}
