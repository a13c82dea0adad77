import type { Knex } from 'knex';
import type { StatementImportInput } from '../../../shared/schemas/financesBank';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import type { StoredBankAccount, StoredBankLine } from '../../rows/financesBank';
import { readStatement, type StatementLine } from '../../services/statements';
import { rememberMapping } from './bankAccounts';

const CHUNK = 500;

/** The nth line of the file with the same key: two equal fees on one day stay two lines. */
function withOccurrences(lines: StatementLine[]) {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = JSON.stringify([line.date, line.amount, line.reference, line.balance]);
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return { ...line, occurrence };
  });
}

/**
 * Imports a statement export into the account (docs/modules/finances.md, "Statement import"):
 * a CSV read with the mapping given (then remembered for the account) or the one remembered,
 * or an OFX. Lines are keyed by account, date, amount, reference, balance and their occurrence
 * in the file (a unique index): the same file imported twice adds nothing, and a later export
 * that overlaps an earlier one adds only the new lines. Answers what was added and how many
 * were already there.
 */
export async function importStatement(trx: Knex, actor: User, account: StoredBankAccount, input: StatementImportInput) {
  const mapping = input.mapping ?? account.statementMapping;
  const { format, lines } = await readStatement(input, mapping ?? null);
  if (format === 'csv' && input.mapping) await rememberMapping(trx, account, input.mapping);
  const [statement] = await trx('bankStatements')
    .insert({ organizationId: account.organizationId, bankAccountId: account.id, fileName: input.fileName, format, imported: 0, duplicates: 0, createdById: actor.id })
    .returning('id');
  const added: StoredBankLine[] = [];
  const rows = withOccurrences(lines).map((line) => ({ ...line, organizationId: account.organizationId, bankAccountId: account.id, statementId: statement.id }));
  for (let start = 0; start < rows.length; start += CHUNK) {
    added.push(...((await trx('bankLines').insert(rows.slice(start, start + CHUNK)).onConflict().ignore().returning('*')) as StoredBankLine[]));
  }
  const duplicates = lines.length - added.length;
  await trx('bankStatements').where({ id: statement.id }).update({ imported: added.length, duplicates });
  await recordEvent(trx, {
    type: 'bank.statement_imported',
    organizationId: account.organizationId,
    audience: 'administrators',
    propertyId: account.propertyId,
    actorId: actor.id,
    subject: { type: 'bank_account', id: account.id },
    payload: { statementId: statement.id, fileName: input.fileName, format, imported: added.length, duplicates },
  });
  added.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return { statementId: statement.id as number, format, imported: added.length, duplicates, lines: added };
}
