import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Property } from './Property';
import { User } from './User';

/** A charge and, once paid, its payment. `amount` is integer centavos of RD$. */
export class Payment extends BaseModel {
  static override tableName = 'payments';

  id!: number;
  userId!: number;
  propertyId!: number;
  amount!: number;
  type!: 'rent' | 'maintenance' | 'fees' | 'deposit' | 'other';
  method!: 'credit_card' | 'bank_transfer' | 'cash' | 'check' | 'other' | null;
  status!: 'pending' | 'completed' | 'failed' | 'refunded';
  dueDate!: string | null;
  paidAt!: Date | null;
  description!: string | null;
  invoiceNumber!: string | null;
  receiptUrl!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'payments.userId', to: 'users.id' },
    },
    property: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Property,
      join: { from: 'payments.propertyId', to: 'properties.id' },
    },
  });
}
