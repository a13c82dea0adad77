import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Property } from './Property';
import { User } from './User';

export type OrganizationSettings = Record<string, unknown>;

export class Organization extends BaseModel {
  static override tableName = 'organizations';

  id!: number;
  name!: string;
  type!: 'master' | 'client';
  status!: 'active' | 'inactive' | 'suspended';
  parentId!: number | null;
  domain!: string | null;
  logo!: string | null;
  primaryColor!: string | null;
  secondaryColor!: string | null;
  accentColor!: string | null;
  address!: string | null;
  subscriptionPlan!: string | null;
  maxUsers!: number | null;
  maxProperties!: number | null;
  contactEmail!: string | null;
  contactPhone!: string | null;
  settings!: OrganizationSettings;
  createdAt!: Date;
  updatedAt!: Date;
  /** Raised by every edit (server/db/versioned.ts). */
  version!: number;

  parent?: Organization | null;
  children?: Organization[];

  static override relationMappings = (): RelationMappings => ({
    parent: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'organizations.parentId', to: 'organizations.id' },
    },
    children: {
      relation: BaseModel.HasManyRelation,
      modelClass: Organization,
      join: { from: 'organizations.id', to: 'organizations.parentId' },
    },
    users: {
      relation: BaseModel.HasManyRelation,
      modelClass: User,
      join: { from: 'organizations.id', to: 'users.organizationId' },
    },
    properties: {
      relation: BaseModel.HasManyRelation,
      modelClass: Property,
      join: { from: 'organizations.id', to: 'properties.organizationId' },
    },
  });
}
