import type { PaymentMethod, PaymentStatus } from '../../shared/enums';
import { BaseModel } from './BaseModel';

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
}
