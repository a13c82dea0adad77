import type { Knex } from 'knex';
import type { OtherIncomeInput } from '../../../shared/schemas/financesBank';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import type { OtherIncomeRow } from '../../rows/financesBank';
import { postIncome } from '../../books/post';
import { assertPeriodOpen } from '../../policies/periods';

/**
 * Money in that is not a unit's payment (bank interest, a refund from a supplier, a
 * donation): a row of its own, to a fund of the property and, when it came through the bank,
 * into one of its accounts; it adds to the fund's balance (funds.ts) and to the account's book
 * (bankBook.ts) and to the journal (books/post.ts). The one place other incomes are recorded.
 * The caller has checked that the fund and the account are of `property`.
 */
export async function recordIncome(trx: Knex, actor: User, property: { id: number; organizationId: number }, input: OtherIncomeInput): Promise<OtherIncomeRow> {
  await assertPeriodOpen(trx, property.id, input.date);
  const [income] = (await trx('otherIncomes')
    .insert({
      organizationId: property.organizationId,
      propertyId: property.id,
      fundId: input.fundId,
      bankAccountId: input.bankAccountId ?? null,
      date: input.date,
      amount: input.amount,
      description: input.description,
      createdById: actor.id,
    })
    .returning('*')) as OtherIncomeRow[];
  await postIncome(trx, income.id, actor.id);
  await recordEvent(trx, {
    type: 'income.recorded',
    organizationId: income.organizationId,
    audience: 'administrators',
    propertyId: income.propertyId,
    actorId: actor.id,
    subject: { type: 'other_income', id: income.id },
    payload: { fundId: income.fundId, bankAccountId: income.bankAccountId, date: income.date, amount: income.amount, description: income.description },
  });
  return income;
}
