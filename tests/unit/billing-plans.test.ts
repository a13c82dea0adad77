import { describe, expect, it } from 'vitest';
import { agingBucket, planLines, splitAmount } from '../../shared/billing';

describe('splits and plans', () => {
  it('never loses a centavo: the remainder goes to the last unit with a weight', () => {
    expect(splitAmount(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(splitAmount(1_000, [1, 1, 0])).toEqual([500, 500, 0]);
    expect(splitAmount(7, [0, 0])).toEqual([0, 0]);
    for (const total of [1, 99, 10_000_000, 1_999_999_999]) {
      const parts = splitAmount(total, [333_333, 333_333, 333_334, 1, 7]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('rounds fairly: equal weights differ by at most one centavo (largest remainder, ties to the later units)', () => {
    // RD$ 100,000.01 over three units: not 33,333.33 / 33,333.33 / 33,333.35.
    expect(splitAmount(10_000_001, [1, 1, 1])).toEqual([3_333_333, 3_333_334, 3_333_334]);
    expect(splitAmount(10, [1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 2, 2, 2]);
    // By weight: the largest fractions get the centavos left (0.5, 1.0 and 1.5 of 3: a tie, to the later).
    expect(splitAmount(3, [1, 2, 3])).toEqual([0, 1, 2]);
    expect(splitAmount(100, [3, 3, 3, 1])).toEqual([30, 30, 30, 10]);
    expect(splitAmount(101, [3, 3, 3, 1])).toEqual([30, 30, 31, 10]);
    expect(splitAmount(7, [1, 0, 1])).toEqual([3, 0, 4]);
  });

  it('adds the reserve fund to each cuota as its own line', () => {
    expect(planLines({ monthlyFee: 450_000, split: 'equal', reservePercent: 10 }, [{ id: 1, share: null }, { id: 2, share: null }])).toEqual([
      { unitId: 1, base: 450_000, reserve: 45_000, amount: 495_000 },
      { unitId: 2, base: 450_000, reserve: 45_000, amount: 495_000 },
    ]);
  });

  it('ages overdue days into the report’s buckets at the boundaries', () => {
    expect([1, 30, 31, 60, 61, 90, 91].map(agingBucket)).toEqual(['0-30', '0-30', '31-60', '31-60', '61-90', '61-90', '90+']);
  });
});
