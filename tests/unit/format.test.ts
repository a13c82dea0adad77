import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '@client/lib/format';

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

describe('money', () => {
  it('writes integer centavos as RD$ the way the es-DO currency style does', () => {
    const intl = new Intl.NumberFormat('es-DO', { style: 'currency', currency: 'DOP' });
    for (const centavos of [0, 1, 99, 100, 1250050, 123456789, 100000000, -500, -1250050]) {
      expect(formatMoney(centavos)).toBe(intl.format(centavos / 100));
    }
    expect(formatMoney(1250050)).toBe('RD$12,500.50');
  });
});
