import type { User } from '../models';
import { readsWholeBooking } from '../policies/bookings';
import type { BookingRow } from '../rows/bookings';
import { fullName } from '../../shared/format';

/**
 * A booking as the API answers it. Administrators and the booker read everything; other
 * residents only when the amenity is taken (times, status): never a name or a unit.
 */
export function presentBooking(row: BookingRow, user: User) {
  const base = {
    id: row.id,
    amenityId: row.amenityId,
    amenityName: row.amenityName,
    propertyId: row.propertyId,
    startTime: new Date(row.startTime).toISOString(),
    endTime: new Date(row.endTime).toISOString(),
    status: row.status,
    mine: row.userId === user.id,
  };
  if (!readsWholeBooking(user, row)) return base;
  return {
    ...base,
    userId: row.userId,
    userName: fullName(row.userName, row.userLastName) || null,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    attendees: row.attendees,
    purpose: row.purpose,
    notes: row.notes,
    totalCost: row.totalCost,
    deposit: row.deposit,
    cancelReason: row.cancelReason,
    chargeId: row.chargeId,
    depositChargeId: row.depositChargeId,
    createdAt: row.createdAt,
  };
}
export type PresentedBooking = ReturnType<typeof presentBooking>;
