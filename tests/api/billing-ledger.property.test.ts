import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAmount } from '../../shared/billing';
import { todayThere } from '../../shared/time';
import { createCharge } from '../../server/commands/charges';
import { keepDebtsCurrent } from '../../server/commands/delinquency';
import { recordPayment, reviewPayment } from '../../server/commands/payments';
import { unitStatement } from '../../server/commands/statements';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { Payment, Property, Unit } from '../../server/models';
import { day } from '../support/billing';
import { adminWorld, createUnit } from '../support/factories';
import { testApp } from '../support/services';

await testApp(); // connects this worker's database

/** One step of a unit's life: a charge, a payment (maybe paying chosen charges), or a refund. */
type Step =
  | { kind: 'charge'; amount: number; dueIn: number }
  | { kind: 'pay'; amount: number; choose: number[] }
  | { kind: 'refund'; which: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('charge' as const), amount: fc.integer({ min: 1, max: 500_000 }), dueIn: fc.integer({ min: -90, max: 60 }) }),
  fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 800_000 }), choose: fc.array(fc.nat(10), { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('refund' as const), which: fc.nat(20) }),
);

/**
 * Whatever sequence of charges, payments (oldest first or chosen) and refunds a unit goes
 * through, the ledger adds up: no allocation exceeds its charge or its payment, the sums the
 * database keeps match the allocations, a unit never has credit and debt at once, and the
 * statement's running balance ends at charges minus payments (plus refunds), which is what
 * is outstanding minus the credit.
 */
describe('the ledger under random sequences', () => {
  it('keeps every invariant', async () => {
    const { admin, property } = await adminWorld();
    const placed = { property: await Property.query().findById(property.id).throwIfNotFound() };
    // From here on the delinquency report's debts are kept for today: every change must keep them.
    await keepDebtsCurrent(todayThere(), [property.organizationId]);

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const unit = await Unit.query().findById((await createUnit({ propertyId: property.id })).id).throwIfNotFound();
        const where = { ...placed, unit };
        for (const s of steps) {
          await transaction(async (trx) => {
            if (s.kind === 'charge') {
              await createCharge(trx, admin, where, { unitId: unit.id, type: 'maintenance', amount: s.amount, dueDate: day(s.dueIn), description: 'Cuota' });
            } else if (s.kind === 'pay') {
              const open: Array<{ id: number }> = await trx('charges').where({ unitId: unit.id, status: 'pending' }).orderBy('id').select('id');
              const chosen = [...new Set(s.choose.map((i) => open[i]?.id).filter(Boolean))].map((chargeId) => ({ chargeId }));
              await recordPayment(trx, admin, where, { unitId: unit.id, amount: s.amount, method: 'cash', reference: null, receivedAt: day(0), allocations: chosen });
            } else {
              const confirmed = await Payment.query(trx).where({ unitId: unit.id, status: 'confirmed' }).orderBy('id');
              if (confirmed.length) await reviewPayment(trx, admin, confirmed[s.which % confirmed.length], { status: 'refunded', reason: 'Prueba' });
            }
          });
        }
        await checkInvariants(unit, where);
      }),
      { numRuns: 40 },
    );
    // Some 40 sequences of real requests: 6-8 s alone, three times that with two other files on two loaded cores.
  }, 60_000);
});

/**
 * A split (equal, by share, a plan's budget) is exact and fair whatever the total and the
 * weights: the parts add up to the total, a weight of 0 gets nothing, and parts of equal
 * weight differ by at most one centavo.
 */
describe('splits under random totals and weights', () => {
  it('keeps the total exact and equal weights within one centavo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 60 }), (total, weights) => {
        const parts = splitAmount(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? total : 0);
        weights.forEach((weight, index) => {
          if (weight === 0) expect(parts[index]).toBe(0);
          for (const [other, otherWeight] of weights.entries()) if (otherWeight === weight) expect(Math.abs(parts[index] - parts[other])).toBeLessThanOrEqual(1);
        });
      }),
      { numRuns: 500 },
    );
    // Equal weights (an equal split) over any number of units.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 1, max: 200 }), (total, count) => {
        const parts = splitAmount(total, Array(count).fill(1));
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });
});

async function checkInvariants(unit: Unit, where: { unit: Unit; property: Property }) {
  const sql = async (text: string) => (await db().raw(text, { unit: unit.id })).rows;
  // Allocations of live (confirmed) payments are what each charge has been paid, within its amount.
  const chargeMismatch = await sql(`
    select c.id from charges c
    left join (select a.charge_id, sum(a.amount) as paid from payment_allocations a join payments p on p.id = a.payment_id
               where p.status = 'confirmed' group by a.charge_id) a on a.charge_id = c.id
    where c.unit_id = :unit and (coalesce(a.paid, 0) <> c.paid_amount or c.paid_amount > c.amount
      or (c.status = 'completed') <> (c.paid_amount = c.amount))`);
  expect(chargeMismatch).toEqual([]);
  // Every payment's allocations add up to what it says it allocated, within its amount.
  const paymentMismatch = await sql(`
    select p.id from payments p
    left join (select payment_id, sum(amount) as given from payment_allocations group by payment_id) a on a.payment_id = p.id
    where p.unit_id = :unit and (coalesce(a.given, 0) <> p.allocated_amount or p.allocated_amount > p.amount)`);
  expect(paymentMismatch).toEqual([]);

  const [{ charged, paid, refunded }] = await sql(`
    select (select coalesce(sum(amount), 0) from charges where unit_id = :unit)::bigint as charged,
           (select coalesce(sum(amount), 0) from payments where unit_id = :unit and status in ('confirmed', 'refunded'))::bigint as paid,
           (select coalesce(sum(r.amount), 0) from payment_refunds r join payments p on p.id = r.payment_id where p.unit_id = :unit)::bigint as refunded`);
  const statement = await unitStatement(db(), where, {});
  let running = 0;
  for (const entry of statement.entries) {
    running += entry.charge - entry.payment;
    expect(entry.balance).toBe(running);
  }
  expect(statement.closingBalance).toBe(Number(charged) - Number(paid) + Number(refunded));

  const [{ outstanding, credit }] = await sql(`
    select (select coalesce(sum(amount - paid_amount), 0) from charges where unit_id = :unit and status = 'pending')::bigint as outstanding,
           (select coalesce(sum(amount - allocated_amount), 0) from payments where unit_id = :unit and status = 'confirmed')::bigint as credit`);
  expect(Number(outstanding) === 0 || Number(credit) === 0).toBe(true);
  expect(statement.closingBalance).toBe(Number(outstanding) - Number(credit));

  // The debt kept for the delinquency report is what the pending charges past due add up to today.
  const [owed] = await sql(`
    select coalesce(sum(amount - paid_amount), 0)::bigint as overdue, count(*)::int as "overdueCount", min(due_date) as "oldestDueDate"
    from charges where unit_id = :unit and status = 'pending' and due_date < '${todayThere()}'`);
  const kept = await db()('unitDebts').where({ unitId: unit.id }).first('overdue', 'overdueCount', 'oldestDueDate');
  expect(kept ?? { overdue: 0, overdueCount: 0, oldestDueDate: null }).toEqual(owed);
}
