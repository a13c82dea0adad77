import type { AllocationChoice } from './schemas/billing';

/** A day ('YYYY-MM-DD') as people read it: 05/03/2026 in Spanish, 03/05/2026 in English. */
export function formatDay(day: string, language: 'es' | 'en') {
  const [year, month, date] = day.slice(0, 10).split('-');
  return language === 'es' ? `${date}/${month}/${year}` : `${month}/${date}/${year}`;
}

/** A pending charge as the allocation plan sees it: its balance, in the order it should be paid. */
export type OpenCharge = { id: number; balance: number };
export type Allocation = { chargeId: number; amount: number };

/**
 * How a payment of `amount` pays the open charges (given oldest due first): the charges chosen
 * first (each its `amount`, else its whole balance, never more than the payment has left),
 * then the others in order; what is left is credit. One rule for the server and the preview
 * of the "record payment" form. Chosen charges that are not open are left out (the caller
 * validates them).
 */
export function planAllocations(amount: number, open: OpenCharge[], chosen: AllocationChoice[] = []) {
  let left = amount;
  const balances = new Map(open.map((charge) => [charge.id, charge.balance]));
  const planned = new Map<number, number>();
  const give = (chargeId: number, wanted: number) => {
    const balance = balances.get(chargeId) ?? 0;
    const given = Math.min(wanted, balance, left);
    if (given <= 0) return;
    balances.set(chargeId, balance - given);
    planned.set(chargeId, (planned.get(chargeId) ?? 0) + given);
    left -= given;
  };
  for (const choice of chosen) give(choice.chargeId, choice.amount ?? Number.POSITIVE_INFINITY);
  for (const charge of open) give(charge.id, Number.POSITIVE_INFINITY);
  const allocations: Allocation[] = [...planned].map(([chargeId, given]) => ({ chargeId, amount: given }));
  return { allocations, credit: left };
}

/**
 * Splits `total` centavos by integer `weights` (1 each for an equal split; shares in
 * ten-thousandths of a percent for a split by share), by the largest remainder: each part is
 * rounded down, then the centavos left go one each to the parts whose fractions were largest;
 * among equal fractions, to the later parts (callers give units in billing order, so a single
 * centavo left goes to the last unit). The parts add up to the total exactly, parts of equal
 * weight differ by at most one centavo, and a weight of 0 gets 0. Every product stays below
 * 2^53, so the arithmetic is exact.
 */
export function splitAmount(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byFraction = weights
    .map((weight, index) => ({ index, fraction: (total * weight) % sum }))
    .filter(({ index }) => weights[index] > 0)
    .sort((a, b) => b.fraction - a.fraction || b.index - a.index);
  for (const { index } of byFraction) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

/** A unit's share (a percentage with up to 4 decimals) as an integer weight. */
export const shareWeight = (share: number | null | undefined) => Math.round((share ?? 0) * 10_000);

/** `percent` (up to 2 decimals) of `amount` centavos, rounded half up to the centavo. */
export const percentOf = (amount: number, percent: number) => Math.round((amount * Math.round(percent * 100)) / 10_000);

/** The first day of the month of a day: the billing period it belongs to. */
export const periodOf = (day: string) => `${day.slice(0, 7)}-01`;

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** The period after a period ('2026-12-01' -> '2027-01-01'). */
export function nextPeriod(period: string) {
  const [year, month] = period.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** What a billing plan issues to each unit (the preview and the worker use the same rule). */
export type PlanRule = { monthlyFee: number; split: 'equal' | 'share'; reservePercent: number };
export type PlanLine = { unitId: number; base: number; reserve: number; amount: number };

/**
 * The month's charge of each unit (units in their billing order): the same fee for every unit,
 * or the monthly budget split by share (splitAmount: to the centavo, fairly); the reserve fund is a
 * percentage on top of each base, shown as its own line. Units that get 0 are left out.
 */
export function planLines(plan: PlanRule, units: Array<{ id: number; share: number | null }>): PlanLine[] {
  const bases = plan.split === 'equal' ? units.map(() => plan.monthlyFee) : splitAmount(plan.monthlyFee, units.map((unit) => shareWeight(unit.share)));
  return units
    .map((unit, index) => {
      const reserve = percentOf(bases[index], plan.reservePercent);
      return { unitId: unit.id, base: bases[index], reserve, amount: bases[index] + reserve };
    })
    .filter((line) => line.amount > 0);
}

/** The aging buckets of the delinquency report, by days past due. */
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
/** The last day past due each bucket holds (a charge 30 days late is in 0-30, 31 in 31-60); 90+ has no end. */
export const AGING_LAST_DAY: Record<AgingBucket, number | null> = { '0-30': 30, '31-60': 60, '61-90': 90, '90+': null };
export const agingBucket = (daysLate: number): AgingBucket => AGING_BUCKETS.find((bucket) => AGING_LAST_DAY[bucket] === null || daysLate <= AGING_LAST_DAY[bucket])!;
/** SQL: the days past due that the expression `days` gives fall in `bucket`, as `agingBucket` draws it. */
export function agingBucketSql(days: string, bucket: AgingBucket) {
  const index = AGING_BUCKETS.indexOf(bucket);
  const after = index ? AGING_LAST_DAY[AGING_BUCKETS[index - 1]] : null;
  const last = AGING_LAST_DAY[bucket];
  if (after === null) return `${days} <= ${last}`;
  return last === null ? `${days} > ${after}` : `${days} between ${after + 1} and ${last}`;
}
