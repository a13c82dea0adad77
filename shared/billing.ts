import type { AllocationChoice } from './schemas/billing';

/** The time zone of billing days (due dates, "this month"): the organizations' default. */
export const BILLING_TIME_ZONE = 'America/Santo_Domingo';

/** Today in the billing time zone, 'YYYY-MM-DD'. */
export const billingToday = (now = new Date()) => now.toLocaleDateString('en-CA', { timeZone: BILLING_TIME_ZONE });

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
