import type { AccountRow, JournalEntryRow } from '../commands/finances/books';

/** The books as the API shows them (docs/modules/finances.md, "The books underneath"). */

export const presentAccount = (account: AccountRow) => ({
  id: account.id,
  organizationId: account.organizationId,
  code: account.code,
  name: account.name,
  kind: account.kind,
  key: account.key,
  active: account.active,
});

export const presentJournalEntry = (entry: JournalEntryRow) => ({
  id: entry.id,
  organizationId: entry.organizationId,
  propertyId: entry.propertyId,
  date: entry.date,
  source: { type: entry.sourceType, id: entry.sourceId },
  description: entry.description,
  reversesEntryId: entry.reversesEntryId,
  reversedByEntryId: entry.reversedByEntryId,
  createdById: entry.createdById,
  createdAt: entry.createdAt,
  lines: entry.lines.map((line) => ({
    accountId: line.accountId,
    code: line.code,
    name: line.name,
    fundId: line.fundId,
    debit: line.debit,
    credit: line.credit,
  })),
});
