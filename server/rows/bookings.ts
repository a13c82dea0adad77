import type { Knex } from 'knex';
import { db } from '../db';
import type { AmenityBooking } from '../models';

/**
 * The rows of amenity bookings as their queries read them (the one home of their types): the
 * commands write and reload them, the presenter shapes them.
 */

/** The states in which a booking holds its time (and may still be changed). */
export const LIVE_BOOKING_STATUSES = ['pending', 'confirmed'] as const;
export const isLive = (status: AmenityBooking['status']) => (LIVE_BOOKING_STATUSES as readonly string[]).includes(status);

/** A booking with what its presenter shows. */
export type BookingRow = AmenityBooking & {
  amenityName: string;
  propertyId: number;
  organizationId: number;
  userName: string | null;
  userLastName: string | null;
  unitNumber: string | null;
};

/** Every booking with its joins (no reach applied: see policies/bookings.ts). */
export function bookingRows(trx: Knex = db()) {
  return trx('amenityBookings as b')
    .join('amenities as a', 'a.id', 'b.amenityId')
    .leftJoin('users as u', 'u.id', 'b.userId')
    .leftJoin('units as un', 'un.id', 'b.unitId')
    .select('b.*', 'a.name as amenityName', 'a.propertyId', 'a.organizationId', 'u.name as userName', 'u.lastName as userLastName', 'un.unitNumber');
}

/** A booking by id with its joins (after a write). */
export const getBooking = async (trx: Knex, id: number): Promise<BookingRow> => bookingRows(trx).where('b.id', id).first();
