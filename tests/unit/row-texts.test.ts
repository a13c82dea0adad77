import { describe, expect, it } from 'vitest';
import { dayText, momentText, monthText } from '../../server/commands/rowTexts';
import { cuotaDescription } from '../../server/commands/billingPlans';

/** Dates in the texts the server writes into rows: Spanish, the screens' styles (issue 34, item 10). */
describe('row texts', () => {
  it('say days, moments and months as the screens do, at the organization\'s wall-clock time', () => {
    expect(dayText('2026-12-04')).toBe('4 dic 2026');
    // 2026-12-05 00:00 UTC is 20:00 of the 4th in Santo Domingo.
    expect(momentText(new Date('2026-12-05T00:00:00Z'))).toBe('4 dic 2026, 20:00');
    expect(monthText('2026-11-01')).toBe('noviembre 2026');
    expect(cuotaDescription('2026-11-01')).toBe('Cuota de mantenimiento noviembre 2026');
  });
});
