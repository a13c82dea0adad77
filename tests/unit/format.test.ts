import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '@client/lib/format';

describe('dates on screen', () => {
  const moment = new Date(2026, 10, 22, 14, 5);

  it('reads "22 nov 2026" in Spanish and "Nov 22, 2026" in English', () => {
    expect(formatDate(moment, 'day', 'es')).toBe('22 nov 2026');
    expect(formatDate(moment, 'day', 'en')).toBe('Nov 22, 2026');
    expect(formatDate(moment, 'dateTime', 'es')).toBe('22 nov 2026, 14:05');
    expect(formatDate(moment, 'dateTime', 'en')).toBe('Nov 22, 2026, 2:05 PM');
    expect(formatDate(moment, 'time', 'es')).toBe('14:05');
  });

  it('takes the timestamps of the API and stored calendar days as that day, in any time zone', () => {
    expect(formatDate(moment.toISOString(), 'day', 'es')).toBe('22 nov 2026');
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
