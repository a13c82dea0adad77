import type { RelationMappings } from 'objection';
import type { ChargeStatus, ChargeType } from '../../shared/enums';
import { BaseModel } from './BaseModel';
import { Property } from './Property';
import { Unit } from './Unit';
import { User } from './User';

/**
 * What a unit owes (the spec's `payments` row). Amounts are integer centavos of RD$;
 * `paidAmount` is what confirmed payments allocated to it (kept by the database).
 */
export class Charge extends BaseModel {
  static override tableName = 'charges';

  id!: number;
  organizationId!: number;
  propertyId!: number;
  unitId!: number;
  userId!: number | null;
  amount!: number;
  paidAmount!: number;
  type!: ChargeType;
  method!: string | null;
  status!: ChargeStatus;
  /** 'YYYY-MM-DD' */
  dueDate!: string;
  paidAt!: Date | null;
  description!: string | null;
  invoiceNumber!: string;
  receiptUrl!: string | null;
  createdById!: number | null;
  /** First day of the month a monthly cuota or late fee belongs to. */
  period!: string | null;
  /** The reserve fund's part of `amount`. */
  reserveAmount!: number;
  /** The overdue charge a late fee is for. */
  sourceChargeId!: number | null;
  createdAt!: Date;
  updatedAt!: Date;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'charges.userId', to: 'users.id' } },
    property: { relation: BaseModel.BelongsToOneRelation, modelClass: Property, join: { from: 'charges.propertyId', to: 'properties.id' } },
    unit: { relation: BaseModel.BelongsToOneRelation, modelClass: Unit, join: { from: 'charges.unitId', to: 'units.id' } },
  });
}
