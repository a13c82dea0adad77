import type { Knex } from 'knex';
import { addDays, todayThere } from '../../shared/time';
import { computeMonthlyReport } from '../commands/finances/monthlyReport';
import { firstMonthOf } from '../commands/finances/recurring';
import { User } from '../models';

/**
 * Demo data of period close, budget, recurring expenses and the monthly report
 * (docs/modules/finances.md): this year's budget of the tower, the elevator contract as a
 * recurring expense, and last month closed with its report published to the owners and
 * residents. Run after the other finances demo data, so the report shows their rows.
 */
export async function seedFinancesClose(trx: Knex, { organizationId, property, admin }: { organizationId: number; property: { id: number; name: string }; admin: { id: number } }) {
  const today = todayThere();
  const year = Number(today.slice(0, 4));
  const monthly = (amount: number) => Array<number>(12).fill(amount);
  const lines = [
    { category: 'payroll', months: monthly(8_500_000) },
    { category: 'electricity', months: monthly(3_200_000).map((amount, index) => (index >= 5 && index <= 8 ? amount + 600_000 : amount)) },
    { category: 'water', months: monthly(950_000) },
    { category: 'elevators', months: monthly(1_475_000) },
    { category: 'cleaning', months: monthly(1_800_000) },
    { category: 'security', months: monthly(4_200_000) },
    { category: 'gardening', months: monthly(600_000) },
    { category: 'repairs', months: monthly(1_000_000) },
  ];
  await trx('budgetLines').insert(lines.map((line) => ({ organizationId, propertyId: property.id, year, ...line })));

  const fund = await trx('funds').where({ propertyId: property.id, kind: 'operating' }).first('id');
  await trx('recurringExpenses').insert({
    organizationId,
    propertyId: property.id,
    fundId: fund.id,
    category: 'elevators',
    amount: 1_250_000,
    itbis: 225_000,
    description: 'Contrato de mantenimiento de ascensores',
    dayOfMonth: 5,
    firstMonth: firstMonthOf(5, today),
    createdById: admin.id,
  });

  // Last month closed, its report published.
  const month = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const [period] = await trx('financePeriods')
    .insert({ organizationId, propertyId: property.id, month, status: 'closed', closedAt: trx.fn.now(), closedById: admin.id })
    .returning('id');
  await trx('financePeriodActions').insert({ periodId: period.id, action: 'closed', reason: 'Cierre mensual', userId: admin.id });
  const administrator = await User.query(trx).findById(admin.id).throwIfNotFound();
  const figures = await computeMonthlyReport(trx, administrator, property, month);
  await trx('financeReports').insert({ organizationId, propertyId: property.id, month, status: 'published', figures, publishedAt: trx.fn.now(), publishedById: admin.id });
}
