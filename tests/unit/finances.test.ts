import { describe, expect, it } from 'vitest';
import { isValidCedula, isValidNcf, isValidRnc, isValidTaxId, itbisOf, splitItbis } from '../../shared/finances';

describe('RNC', () => {
  it('accepts 9 digits with their check digit', () => {
    expect(isValidRnc('131246796')).toBe(true);
    expect(isValidRnc('101010632')).toBe(true);
    expect(isValidRnc('401000008')).toBe(true);
  });
  it('refuses a wrong check digit, another length or letters', () => {
    expect(isValidRnc('131246797')).toBe(false);
    expect(isValidRnc('10101063')).toBe(false);
    expect(isValidRnc('1010106322')).toBe(false);
    expect(isValidRnc('10101063a')).toBe(false);
  });
});

describe('cédula', () => {
  it('accepts 11 digits with their check digit', () => {
    expect(isValidCedula('00113918205')).toBe(true);
    expect(isValidCedula('40200700678')).toBe(true);
    expect(isValidCedula('00100000009')).toBe(true);
  });
  it('refuses a wrong check digit or another length', () => {
    expect(isValidCedula('00113918204')).toBe(false);
    expect(isValidCedula('0011391820')).toBe(false);
    expect(isValidCedula('001139182051')).toBe(false);
  });
});

describe('tax id', () => {
  it('takes an RNC or a cédula as typed, with dashes or spaces', () => {
    expect(isValidTaxId('1-31-24679-6')).toBe(true);
    expect(isValidTaxId('001-1391820-5')).toBe(true);
    expect(isValidTaxId('001 1391820 5')).toBe(true);
    expect(isValidTaxId('001-1391820-4')).toBe(false);
    expect(isValidTaxId('1234567890')).toBe(false);
    expect(isValidTaxId('')).toBe(false);
  });
});

describe('NCF and e-CF', () => {
  it('accepts B01, B02, B14 and B15 with 8 digits and E31 to E47 with 10', () => {
    for (const value of ['B0100000001', 'B0212345678', 'B1400000099', 'B1500000001', 'E310000000001', 'E470123456789', 'E410000000005']) {
      expect(isValidNcf(value), value).toBe(true);
    }
  });
  it('refuses other series, lengths and lowercase', () => {
    for (const value of ['B0300000001', 'B010000001', 'B01000000011', 'E300000000001', 'E480000000001', 'E31000000001', 'b0100000001', 'B01-0000001']) {
      expect(isValidNcf(value), value).toBe(false);
    }
  });
});

describe('ITBIS', () => {
  it('is 18 % of the base in whole centavos, a half centavo rounded up', () => {
    expect(itbisOf(100_000)).toBe(18_000); // RD$ 1,000.00 -> RD$ 180.00
    expect(itbisOf(1_253)).toBe(226); // 225.54
    expect(itbisOf(1_252)).toBe(225); // 225.36
    expect(itbisOf(25)).toBe(5); // 4.5
    expect(itbisOf(0)).toBe(0);
  });
  it('splits a total with ITBIS into base + ITBIS that add up to the total', () => {
    expect(splitItbis(118_000)).toEqual({ base: 100_000, itbis: 18_000 });
    expect(splitItbis(100)).toEqual({ base: 85, itbis: 15 }); // 84.75 -> 85
    for (let total = 0; total < 2_000; total++) {
      const { base, itbis } = splitItbis(total);
      expect(base + itbis).toBe(total);
      expect(Math.abs(base * 1.18 - total)).toBeLessThanOrEqual(0.6);
    }
  });
});
