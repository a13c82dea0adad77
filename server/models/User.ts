import type { Pojo, RelationMappings } from 'objection';
import type { Role } from '../../shared/enums';
import type { UserAccess } from '../policies/access';
import { BaseModel } from './BaseModel';
import { Organization } from './Organization';

export class User extends BaseModel {
  static override tableName = 'users';

  id!: number;
  username!: string;
  password!: string;
  name!: string;
  lastName!: string | null;
  role!: Role;
  email!: string | null;
  phone!: string | null;
  country!: string | null;
  city!: string | null;
  identificationNumber!: string | null;
  propertyRef!: string | null;
  companyName!: string | null;
  position!: string | null;
  termsAccepted!: boolean;
  organizationId!: number;
  isSuperAdmin!: boolean;
  isActive!: boolean;
  mustChangePassword!: boolean;
  language!: 'es' | 'en';
  preferences!: Record<string, unknown>;
  avatar!: Buffer | null;
  avatarType!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  /** Loaded with the session (server/session/store.ts); not a column. */
  access?: UserAccess;

  /** Every column but the password hash and the photo bytes: what a request needs. */
  static lightColumns = [
    'id', 'username', 'name', 'lastName', 'role', 'email', 'phone', 'country', 'city',
    'identificationNumber', 'propertyRef', 'companyName', 'position', 'termsAccepted',
    'organizationId', 'isSuperAdmin', 'isActive', 'mustChangePassword', 'language',
    'preferences', 'avatarType', 'createdAt', 'updatedAt',
  ] as const;

  organization?: Organization;

  /** Secrets and bytes never leave through toJSON, whatever a route forgets. */
  override $formatJson(json: Pojo) {
    const { password: _password, avatar: _avatar, ...rest } = super.$formatJson(json);
    return rest;
  }

  static override relationMappings = (): RelationMappings => ({
    organization: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'users.organizationId', to: 'organizations.id' },
    },
  });
}
