import { BaseModel } from './BaseModel';

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
  /** RNC or cédula digits (migrations/20261218000700_organization_logo_rnc.ts). */
  rnc!: string | null;
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
}
