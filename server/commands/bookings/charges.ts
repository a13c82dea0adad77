import type { Knex } from 'knex';
import { zonedParts } from '../../../shared/time';
import { AmenityBooking, Property, Unit, type Amenity, type User } from '../../models';
import { PROPERTY_COLUMNS } from '../../rows/properties';
import { createCharge, creditCharge } from '../charges';
import { momentText } from '../rowTexts';

/** A booking's charges on its unit (docs/modules/bookings.md, "Billing"). */

/** The billing module switch (as middleware/features.ts reads it), inside the transaction. */
async function billingOn(trx: Knex, organizationId: number) {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw(`settings -> 'features' -> 'billing' = 'false'::jsonb as off`));
  return row?.off !== true;
}

/**
 * Charges of a confirmed booking on its unit (billing on): its cost (`fees`) and its deposit
 * (`deposit`), due on the booking's day. None without a unit or an amount.
 */
export async function chargeBooking(trx: Knex, actor: User, booking: AmenityBooking, amenity: Amenity) {
  if (!booking.unitId || (!booking.totalCost && !booking.deposit)) return;
  if (!(await billingOn(trx, amenity.organizationId))) return;
  const unit = await Unit.query(trx).findById(booking.unitId).throwIfNotFound();
  const property = await Property.query(trx).select(PROPERTY_COLUMNS).findById(amenity.propertyId).throwIfNotFound();
  const day = zonedParts(booking.startTime).day;
  const changes: Partial<AmenityBooking> = {};
  const when = momentText(booking.startTime);
  if (booking.totalCost && !booking.chargeId) {
    const charge = await createCharge(trx, actor, { unit, property }, { type: 'fees', amount: booking.totalCost, dueDate: day, description: `Reserva ${amenity.name}, ${when}` } as never);
    changes.chargeId = charge.id;
  }
  if (booking.deposit && !booking.depositChargeId) {
    const charge = await createCharge(trx, actor, { unit, property }, { type: 'deposit', amount: booking.deposit, dueDate: day, description: `Depósito reserva ${amenity.name}, ${when}` } as never);
    changes.depositChargeId = charge.id;
  }
  if (Object.keys(changes).length) await AmenityBooking.query(trx).patch(changes).where({ id: booking.id });
}

/**
 * Voids a booking's charge with a credit note (billing's correction, `creditCharge`): what is
 * left of it is forgiven with the reason, so the unit no longer owes it and its statement stays
 * balanced. What was already paid of it stays paid: the ledger never undoes a payment's
 * allocation, so it cannot become credit; giving that money back is a refund of the payment,
 * the administrator's decision.
 */
export const voidCharge = (trx: Knex, actor: User, chargeId: number, reason: string) => creditCharge(trx, actor, chargeId, reason, { event: 'charge.credited' });

/** Voids the charges of a booking cancelled within its window (or moved back to approval). */
export async function voidBookingCharges(trx: Knex, actor: User, booking: AmenityBooking, reason: string) {
  for (const chargeId of [booking.chargeId, booking.depositChargeId]) if (chargeId) await voidCharge(trx, actor, chargeId, reason);
  await AmenityBooking.query(trx).patch({ chargeId: null, depositChargeId: null }).where({ id: booking.id });
}

/** The credit note's reason for a booking cancelled or declined (`Reserva cancelada: <motivo>`). */
export const cancelledReason = (reason: string | null | undefined) => `Reserva cancelada: ${reason ?? ''}`.trim();
export const RESCHEDULED_REASON = 'Reserva reprogramada';
