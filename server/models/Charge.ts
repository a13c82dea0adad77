import type { ChargeStatus, ChargeType } from '../../shared/enums';
import { BaseModel } from './BaseModel';

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
}
