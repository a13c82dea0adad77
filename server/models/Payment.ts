import type { RelationMappings } from 'objection';
import type { PaymentMethod, PaymentStatus } from '../../shared/enums';
import { BaseModel } from './BaseModel';
import { Property } from './Property';
import { Unit } from './Unit';
import { User } from './User';

/**
 * Money received for a unit: recorded by the administration or reported by a resident (with
 * a proof in `payment_proofs`). `amount` and `allocatedAmount` are integer centavos of RD$.
 */
export class Payment extends BaseModel {
  static override tableName = 'payments';

  id!: number;
  organizationId!: number;
  propertyId!: number;
  unitId!: number;
  userId!: number | null;
  amount!: number;
  allocatedAmount!: number;
  method!: PaymentMethod;
  reference!: string | null;
  /** 'YYYY-MM-DD' */
  receivedAt!: string;
  receiptNumber!: string | null;
  status!: PaymentStatus;
  reason!: string | null;
  recordedById!: number;
  reviewedById!: number | null;
  reviewedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'payments.userId', to: 'users.id' } },
    property: { relation: BaseModel.BelongsToOneRelation, modelClass: Property, join: { from: 'payments.propertyId', to: 'properties.id' } },
    unit: { relation: BaseModel.BelongsToOneRelation, modelClass: Unit, join: { from: 'payments.unitId', to: 'units.id' } },
  });
}
