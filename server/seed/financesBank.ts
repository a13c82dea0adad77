import type { Knex } from 'knex';
import { addDays, todayThere } from '../../shared/time';

/** The first day of the month `monthsAgo` months before this one. */
function firstOfMonth(monthsAgo: number) {
  const [year, month] = todayThere().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 - monthsAgo, 1));
  return date.toISOString().slice(0, 10);
}

/**
 * Demo bank reconciliation (docs/modules/finances.md, "Bank accounts and reconciliation"): the
 * tower's Banco Popular account, which receives the units' transfers, with last month's
 * statement imported (the transfers a day after they were recorded, a service fee and the
 * bank's interest) and about half of its lines matched, so the screen shows suggestions, open
 * lines and a difference to explain.
 */
export async function seedFinancesBank(trx: Knex, { organizationId, propertyId, adminId }: { organizationId: number; propertyId: number; adminId: number }) {
  const start = firstOfMonth(1);
  const end = addDays(firstOfMonth(0), -1);
  const openingDate = addDays(start, -1);
  const openingBalance = 25_000_000;
  const [account] = await trx('bankAccounts')
    .insert({
      organizationId,
      propertyId,
      bank: 'popular',
      name: 'Cuenta corriente del condominio',
      last4: '8765',
      openingBalance,
      openingDate,
      receivesPayments: true,
      statementMapping: JSON.stringify({
        date: 'Fecha Posteo',
        description: 'Descripción',
        reference: 'No. Referencia',
        debit: 'Débito',
        credit: 'Crédito',
        balance: 'Balance',
        dateFormat: 'dd/mm/yyyy',
        decimal: 'dot',
      }),
    })
    .returning('id');
  const operating = await trx('funds').where({ propertyId, kind: 'operating' }).first('id');
  await trx('bankAccountFunds').insert({ bankAccountId: account.id, fundId: operating.id });

  const transfers: Array<{ id: number; amount: number; receivedAt: string; reference: string | null }> = await trx('payments')
    .where({ propertyId, status: 'confirmed' })
    .whereNot({ method: 'cash' })
    .whereBetween('receivedAt', [start, end])
    .orderBy(['receivedAt', 'id'])
    .select('id', 'amount', 'receivedAt', 'reference');
  type Line = { date: string; description: string; reference: string | null; amount: number; paymentId?: number };
  const lines: Line[] = transfers.map((payment) => ({
    date: addDays(payment.receivedAt, 1) > end ? payment.receivedAt : addDays(payment.receivedAt, 1),
    description: 'CREDITO TRANSFERENCIA RECIBIDA',
    reference: payment.reference ? payment.reference.replace(/\D/g, '').slice(-8) : null,
    amount: payment.amount,
    paymentId: payment.id,
  }));
  lines.push({ date: addDays(start, 14), description: 'CARGO POR SERVICIO CUENTA CORRIENTE', reference: null, amount: -35_000 });
  lines.push({ date: end, description: 'INTERESES GANADOS', reference: null, amount: 4_215 });
  lines.sort((a, b) => a.date.localeCompare(b.date));

  const [statement] = await trx('bankStatements')
    .insert({ organizationId, bankAccountId: account.id, fileName: `popular-${start.slice(0, 7)}.csv`, format: 'csv', imported: lines.length, duplicates: 0, createdById: adminId })
    .returning('id');
  let balance = openingBalance;
  const matchedCount = Math.ceil(transfers.length / 2);
  let matched = 0;
  for (const line of lines) {
    balance += line.amount;
    const match = line.paymentId && matched < matchedCount ? (matched++, { paymentId: line.paymentId, matchedAt: new Date(), matchedById: adminId }) : {};
    await trx('bankLines').insert({
      organizationId,
      bankAccountId: account.id,
      statementId: statement.id,
      date: line.date,
      description: line.description,
      reference: line.reference,
      amount: line.amount,
      balance,
      ...match,
    });
  }
}
