import fc from 'fast-check';
import { describe, it } from 'vitest';
import { creditCharge, issueCharge } from '../../server/commands/charges';
import { payExpense, voidExpense } from '../../server/commands/finances/expensePayments';
import { createExpense } from '../../server/commands/finances/expenses';
import { transferBetweenFunds, updateFund } from '../../server/commands/finances/funds';
import { recordPayment, reviewPayment } from '../../server/commands/payments';
import { transaction } from '../../server/db/transaction';
import { Payment, Property, Unit } from '../../server/models';
import type { StoredExpense } from '../../server/rows/finances';
import { day } from '../support/billing';
import { checkBooks } from '../support/books';
import { adminWorld, createUnit } from '../support/factories';
import { testApp } from '../support/services';

await testApp(); // connects this worker's database

/** One money movement of a property: billing's and finances'. */
type Step =
  | { kind: 'cuota'; amount: number; reservePercent: number }
  | { kind: 'extraordinary'; amount: number; fund: number }
  | { kind: 'pay'; amount: number; ago: number; method: 'cash' | 'bank_transfer'; choose: number[] }
  | { kind: 'refund'; which: number }
  | { kind: 'credit'; which: number }
  | { kind: 'expense'; amount: number; itbis: number; fund: number; ago: number }
  | { kind: 'payExpense'; which: number; part: number; ago: number; method: 'cash' | 'check' }
  | { kind: 'voidExpense'; which: number }
  | { kind: 'transfer'; from: number; to: number; amount: number; ago: number };

const ago = fc.integer({ min: 0, max: 30 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('cuota' as const), amount: fc.integer({ min: 1, max: 900_000 }), reservePercent: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('extraordinary' as const), amount: fc.integer({ min: 1, max: 900_000 }), fund: fc.nat(2) }),
  fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 1_200_000 }), ago, method: fc.constantFrom('cash' as const, 'bank_transfer' as const), choose: fc.array(fc.nat(6), { maxLength: 2 }) }),
  fc.record({ kind: fc.constant('refund' as const), which: fc.nat(20) }),
  fc.record({ kind: fc.constant('credit' as const), which: fc.nat(20) }),
  fc.record({ kind: fc.constant('expense' as const), amount: fc.integer({ min: 1, max: 500_000 }), itbis: fc.integer({ min: 0, max: 90_000 }), fund: fc.nat(2), ago }),
  fc.record({ kind: fc.constant('payExpense' as const), which: fc.nat(20), part: fc.integer({ min: 1, max: 100 }), ago, method: fc.constantFrom('cash' as const, 'check' as const) }),
  fc.record({ kind: fc.constant('voidExpense' as const), which: fc.nat(20) }),
  fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(2), to: fc.nat(2), amount: fc.integer({ min: 1, max: 300_000 }), ago }),
);

/**
 * Whatever sequence of charges (cuotas with a reserve line, extraordinary charges to a chosen
 * fund), payments, refunds, credit notes, expenses, their payments and voids and transfers a
 * property goes through, its books agree with its rows to the centavo (tests/support/books.ts):
 * fund balances are opening + rows and equal the journal's cash per fund at every date, the
 * trial balance balances and assets = liabilities + equity.
 */
describe('the books under random sequences', () => {
  it('agree with the rows to the centavo', async () => {
    const { admin, property } = await adminWorld();
    const placed = { property: await Property.query().findById(property.id).throwIfNotFound() };
    const funds = await transaction(async (trx) => {
      const [operating, reserve] = await trx('funds').where({ propertyId: property.id }).orderBy('id');
      await updateFund(trx, admin, operating.id, { openingBalance: 250_000, openingDate: day(-40) });
      await updateFund(trx, admin, reserve.id, { openingBalance: 1_000_000, openingDate: day(-35) });
      const [{ id: other }] = await trx('funds').insert({ organizationId: property.organizationId, propertyId: property.id, name: 'Fondo de pintura', kind: 'other', openingDate: day(-40) }).returning('id');
      return [operating.id, reserve.id, other];
    });

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const unit = await Unit.query().findById((await createUnit({ propertyId: property.id })).id).throwIfNotFound();
        const where = { ...placed, unit };
        for (const s of steps) {
          await transaction(async (trx) => {
            const expenses = async () => (await trx('expenses').where({ propertyId: property.id }).orderBy('id')) as StoredExpense[];
            if (s.kind === 'cuota') {
              const reserveAmount = Math.floor((s.amount * s.reservePercent) / 100);
              await issueCharge(trx, admin.id, where, { type: 'maintenance', amount: s.amount, reserveAmount, dueDate: day(5), description: 'Cuota' });
            } else if (s.kind === 'extraordinary') {
              await issueCharge(trx, admin.id, where, { type: 'extraordinary', amount: s.amount, fundId: funds[s.fund], dueDate: day(5), description: 'Cuota extraordinaria' });
            } else if (s.kind === 'pay') {
              const open: Array<{ id: number }> = await trx('charges').where({ unitId: unit.id, status: 'pending' }).orderBy('id').select('id');
              const chosen = [...new Set(s.choose.map((i) => open[i]?.id).filter(Boolean))].map((chargeId) => ({ chargeId }));
              await recordPayment(trx, admin, where, { unitId: unit.id, amount: s.amount, method: s.method, reference: null, receivedAt: day(-s.ago), allocations: chosen });
            } else if (s.kind === 'refund') {
              const confirmed = await Payment.query(trx).where({ unitId: unit.id, status: 'confirmed' }).orderBy('id');
              if (confirmed.length) await reviewPayment(trx, admin, confirmed[s.which % confirmed.length], { status: 'refunded', reason: 'Prueba' });
            } else if (s.kind === 'credit') {
              const open: Array<{ id: number }> = await trx('charges').where({ unitId: unit.id, status: 'pending' }).orderBy('id').select('id');
              if (open.length) await creditCharge(trx, admin, open[s.which % open.length].id, 'Nota de crédito', { event: 'charge.credited' });
            } else if (s.kind === 'expense') {
              await createExpense(trx, admin, placed.property, {
                propertyId: property.id,
                fundId: funds[s.fund],
                category: s.fund === 2 ? 'pintura' : 'electricity',
                issueDate: day(-s.ago),
                amount: s.amount,
                itbis: s.itbis,
                description: 'Factura',
                invoiceNumber: null,
                ncf: null,
              });
            } else if (s.kind === 'payExpense') {
              const pending = (await expenses()).filter((expense) => expense.status === 'pending');
              if (!pending.length) return;
              const expense = pending[s.which % pending.length];
              const owed = expense.amount + expense.itbis - expense.paidAmount;
              await payExpense(trx, admin, expense, { amount: Math.max(1, Math.ceil((owed * s.part) / 100)), paidAt: day(-s.ago), method: s.method, reference: null });
            } else if (s.kind === 'voidExpense') {
              const live = (await expenses()).filter((expense) => expense.status !== 'voided');
              if (live.length) await voidExpense(trx, admin, live[s.which % live.length], 'Anulada');
            } else if (s.from !== s.to) {
              const fund = (id: number) => ({ id, organizationId: property.organizationId, propertyId: property.id });
              await transferBetweenFunds(trx, admin, fund(funds[s.from]), fund(funds[s.to]), { fromFundId: funds[s.from], toFundId: funds[s.to], amount: s.amount, date: day(-s.ago), description: 'Traspaso' });
            }
          });
        }
        await checkBooks(property.id, [day(-41), day(-36), day(-20), day(-10), day(-3), day(0)]);
      }),
      { numRuns: 30 },
    );
    // Some 30 sequences of real requests: 6-8 s alone, three times that with two other files on two loaded cores.
  }, 60_000);
});
