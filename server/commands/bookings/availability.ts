import type { Knex } from 'knex';
import { daySlots } from '../../../shared/bookings';
import { nextDay, zonedInstant, zonedParts } from '../../../shared/time';
import { db } from '../../db';
import type { Amenity } from '../../models';
import { databaseNow, overlapping, timeRuleBroken } from './rules';

/**
 * Free and taken slots of an amenity between two instants, day by day in the organization's
 * time zone. `free`: another booking fits (exclusive: none overlaps with the buffers; shared:
 * places left); `remaining`: places left (exclusive: 1 or 0); `bookable`: the time rules
 * (notice, advance, past) allow booking it now.
 */
export async function availability(amenity: Amenity, from: Date, to: Date, trx: Knex = db()) {
  const now = await databaseNow(trx);
  const rules = { ...amenity, daysOpen: amenity.daysOpen.map(Number) };
  const slots: Array<{ start: Date; end: Date }> = [];
  for (let day = zonedParts(from).day; zonedInstant(day, 0) < to; day = nextDay(day)) {
    for (const slot of daySlots(rules, day)) if (slot.end > from && slot.start < to) slots.push(slot);
  }
  if (!slots.length) return [];
  const buffer = amenity.bufferMinutes * 60_000;
  // Instants as epoch milliseconds: a month of a busy amenity is hundreds of bookings, and
  // parsing their timestamps into Dates cost more than the pass below.
  const bookings: Array<{ startMs: number; blocksUntilMs: number; attendees: number }> = await overlapping(
    trx,
    amenity,
    slots[0].start,
    new Date(slots[slots.length - 1].end.getTime() + buffer),
  )
    .select(trx.raw('extract(epoch from start_time)::float8 * 1000 as start_ms, extract(epoch from blocks_until)::float8 * 1000 as blocks_until_ms'), 'attendees')
    .orderBy('startTime');
  // Slots share their bounds (one's end is the next one's start): each is written out once,
  // as a string, since JSON.stringify turns a Date into text several times slower.
  const written = new Map<number, string>();
  const text = (instant: Date) => {
    const ms = instant.getTime();
    let iso = written.get(ms);
    if (iso === undefined) written.set(ms, (iso = instant.toISOString()));
    return iso;
  };
  // One pass over the slots (in order) and the bookings (by start): `hits` holds the bookings
  // begun before the slot's end (plus the buffer) that still block its start. One that stops
  // blocking before a slot never reaches a later one.
  let next = 0;
  let hits: typeof bookings = [];
  return slots.map(({ start, end }) => {
    const blockEnd = end.getTime() + buffer;
    while (next < bookings.length && bookings[next].startMs < blockEnd) hits.push(bookings[next++]);
    hits = hits.filter((b) => b.blocksUntilMs > start.getTime());
    const remaining = amenity.exclusive || !amenity.capacity ? (hits.length ? 0 : amenity.exclusive ? 1 : null) : Math.max(0, amenity.capacity - hits.reduce((sum, b) => sum + b.attendees, 0));
    return { start: text(start), end: text(end), free: remaining === null || remaining > 0, remaining, bookable: !timeRuleBroken(amenity, start, now) };
  });
}
