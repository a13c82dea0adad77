import { describe, expect, it } from 'vitest';
import { formatDate, formatList, formatMoney, weekdayName } from '@client/lib/format';
import { fromWallClockInput, nextMinuteToday, wallClockInput } from '@shared/time';

describe('dates on screen', () => {
  // 14:05 in Santo Domingo (UTC-4), the organization's zone, whatever this machine's.
  const moment = new Date('2026-11-22T14:05:00-04:00');

  it('reads "22 nov 2026" in Spanish and "Nov 22, 2026" in English', () => {
    expect(formatDate(moment, 'day', 'es')).toBe('22 nov 2026');
    expect(formatDate(moment, 'day', 'en')).toBe('Nov 22, 2026');
    expect(formatDate(moment, 'dateTime', 'es')).toBe('22 nov 2026, 14:05');
    expect(formatDate(moment, 'dateTime', 'en')).toBe('Nov 22, 2026, 2:05 PM');
    expect(formatDate(moment, 'time', 'es')).toBe('14:05');
  });

  it('shows an instant as the wall-clock time of the organization, a calendar day as that day', () => {
    expect(formatDate(moment.toISOString(), 'day', 'es')).toBe('22 nov 2026');
    // 03:30 UTC on the 23rd is still the evening of the 22nd in Santo Domingo.
    expect(formatDate('2026-11-23T03:30:00.000Z', 'dateTime', 'es')).toBe('22 nov 2026, 23:30');
    expect(formatDate(Date.parse('2026-11-23T03:30:00.000Z'), 'time', 'en')).toBe('11:30 PM');
    expect(formatDate('2026-11-02', 'day', 'es')).toBe('2 nov 2026');
    expect(formatDate('2026-11-02', 'day', 'en')).toBe('Nov 2, 2026');
  });
});

describe('days in a sentence', () => {
  it('names a day with its weekday, weekdays by name, and joins names as each language does', () => {
    // 22:30 on Saturday the 28th in Santo Domingo is already Sunday in UTC.
    expect(formatDate('2026-11-29T02:30:00.000Z', 'weekday', 'es')).toBe('sábado 28 de noviembre');
    expect(formatDate('2026-11-29T02:30:00.000Z', 'weekday', 'en')).toBe('Saturday, November 28');
    expect([1, 6, 7].map((day) => weekdayName(day, 'es'))).toEqual(['lunes', 'sábado', 'domingo']);
    expect(weekdayName(3, 'en')).toBe('Wednesday');
    expect(formatList(['Torre Vista Mar', 'Edificio Piantini'], 'es')).toBe('Torre Vista Mar y Edificio Piantini');
    expect(formatList(['A', 'B', 'C'], 'en')).toBe('A, B, and C');
    expect(formatList(['Plaza Naco'], 'es')).toBe('Plaza Naco');
  });
});

describe('a datetime-local field on the organization\'s clock', () => {
  it('holds and reads wall-clock times of Santo Domingo, whatever the machine\'s zone', () => {
    const moment = new Date('2026-11-28T23:14:00-04:00');
    expect(wallClockInput(moment)).toBe('2026-11-28T23:14');
    expect(fromWallClockInput('2026-11-28T23:14')).toEqual(moment);
    expect(fromWallClockInput('')).toBeUndefined();
    expect(fromWallClockInput(undefined)).toBeUndefined();
  });

  it('defaults to now rounded up to the minute, never past the end of today there', () => {
    expect(nextMinuteToday(new Date('2026-11-28T23:14:20-04:00'))).toEqual(new Date('2026-11-28T23:15:00-04:00'));
    expect(nextMinuteToday(new Date('2026-11-28T23:14:00-04:00'))).toEqual(new Date('2026-11-28T23:14:00-04:00'));
    expect(nextMinuteToday(new Date('2026-11-28T23:59:30-04:00'))).toEqual(new Date('2026-11-28T23:59:00-04:00'));
  });
});

describe('money', () => {
  it('writes integer centavos as RD$ the way the es-DO currency style does', () => {
    const intl = new Intl.NumberFormat('es-DO', { style: 'currency', currency: 'DOP' });
    for (const centavos of [0, 1, 99, 100, 1250050, 123456789, 100000000, -500, -1250050]) {
      expect(formatMoney(centavos)).toBe(intl.format(centavos / 100));
    }
    expect(formatMoney(1250050)).toBe('RD$12,500.50');
  });
});
