import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIRST_DAY, LAST_DAY, dayField, instantField } from '../../shared/schemas/dates';
import { addDays, dayClock, dayEnd, dayOf, dayStart, nextDay, wallClockText, zonedInstant, zonedParts } from '../../shared/time';

/** The one parsing of days and instants (shared/schemas/dates.ts), and shared/time.ts on every day it lets through. */

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
};

describe('dayField', () => {
  const day = dayField('billing_due_date_invalid');

  it('takes the days of the calendar, leap days included', () => {
    for (const value of ['2026-11-30', '2024-02-29', '2000-02-29', '2026-12-31', FIRST_DAY, LAST_DAY]) expect(day.parse(value)).toBe(value);
  });

  it('refuses days that are not on the calendar with the field’s message', () => {
    for (const value of ['2026-11-31', '2026-02-29', '2026-02-30', '2100-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-5', '2026-01-05T10:00:00Z', ' 2026-01-05', 'mañana', '']) {
      expect(messageOf(day, value), value).toBe('billing_due_date_invalid');
    }
    expect(messageOf(day, 20260105)).toBe('billing_due_date_invalid');
  });

  it('refuses days before 1900 or after 2100', () => {
    for (const value of ['1899-12-31', '0000-01-01', '2101-01-01', '9999-12-31']) expect(messageOf(day, value), value).toBe('date_out_of_range');
  });

  it('speaks of a calendar day unless given a message', () => {
    expect(messageOf(dayField(), '2026-11-31')).toBe('day_invalid');
  });
});

describe('instantField', () => {
  const instant = instantField('booking_time_invalid');

  it('reads ISO date-times with their offset, and Dates', () => {
    expect(instant.parse('2026-12-05T10:00:00-04:00').toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(instant.parse('2026-12-05T10:00-04:00').toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(instant.parse('2026-12-05T14:00:00.123Z').toISOString()).toBe('2026-12-05T14:00:00.123Z');
    expect(instant.parse(new Date('2026-12-05T14:00:00Z')).toISOString()).toBe('2026-12-05T14:00:00.000Z');
  });

  it('refuses a day not on the calendar (never read as the next month’s), a time without offset, a bad clock', () => {
    for (const value of ['2026-11-31T10:00:00-04:00', '2026-02-29T10:00:00Z', '2026-12-05T10:00:00', '2026-12-05T24:00:00Z', '2026-12-05T10:60:00Z', '2026-12-05', 'x'.repeat(41), new Date(Number.NaN)]) {
      expect(messageOf(instant, value), String(value)).toBe('booking_time_invalid');
    }
  });

  it('refuses instants whose day in the organization’s zone is before 1900 or after 2100', () => {
    for (const value of ['9999-12-31T10:00:00Z', '2101-01-01T04:00:00Z', '1899-12-31T12:00:00Z', new Date(Date.UTC(10_000, 0, 1)), new Date(8.64e15)]) {
      expect(messageOf(instant, value), String(value)).toBe('date_out_of_range');
    }
    // The last moment of 2100 in Santo Domingo is 04:00 UTC the next day.
    expect(instant.parse('2101-01-01T03:59:59Z').toISOString()).toBe('2101-01-01T03:59:59.000Z');
    expect(messageOf(instant, '2101-01-01T04:00:00Z')).toBe('date_out_of_range');
  });

  it('with bareDay, reads a day as its start in the organization’s zone', () => {
    const dated = instantField('date_invalid', { bareDay: true });
    expect(dated.parse('2030-01-02')).toEqual(dayStart('2030-01-02'));
    expect(messageOf(dated, '2030-02-30')).toBe('date_invalid');
    expect(messageOf(dated, '2101-01-01')).toBe('date_out_of_range');
    expect(messageOf(instant, '2030-01-02')).toBe('booking_time_invalid');
  });
});

describe('shared/time.ts on every day the schemas let through', () => {
  it('answers for the first and last days and the instants around them, without a RangeError', () => {
    const instant = instantField();
    for (const day of [FIRST_DAY, nextDay(FIRST_DAY), addDays(LAST_DAY, -1), LAST_DAY]) {
      expect(dayOf(dayStart(day)), day).toBe(day);
      expect(dayOf(dayEnd(day)), day).toBe(day);
      expect(zonedParts(zonedInstant(day, 12 * 60)).day).toBe(day);
      expect(dayClock(day, 'America/Santo_Domingo')(1440).getTime()).toBe(dayStart(nextDay(day)).getTime());
      expect(wallClockText(zonedInstant(day, 9 * 60))).toBe(`${day} 09:00`);
      // What the server adds to a day it was given: a year of a recurring pass, a month of a range.
      expect(addDays(day, 366)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(addDays(day, -31)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(dayOf(instant.parse(dayStart(day)))).toBe(day);
    }
  });
});

describe('one place for dates', () => {
  it('no shared schema reads a date or a time by itself', () => {
    const folder = path.resolve(import.meta.dirname, '../../shared/schemas');
    const own = fs
      .readdirSync(folder)
      .filter((file) => file !== 'dates.ts' && file.endsWith('.ts'))
      .filter((file) => /z\.(iso\.|date\(|coerce\.date)|Date\.parse|new Date\(value/.test(fs.readFileSync(path.join(folder, file), 'utf8')));
    expect(own, 'dates and times go through shared/schemas/dates.ts').toEqual([]);
  });
});
