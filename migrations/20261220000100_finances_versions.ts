import type { Knex } from 'knex';
import { addVersionTriggers, dropVersionTriggers, type VERSIONED_TABLES } from './20261211000001_data_versions';

/**
 * Finances' reads are remembered per data version like the lists (server/services/listTotals.ts,
 * server/commands/finances/remembered.ts): the funds with their balances, the summary, the
 * statements from the journal, the owners' monthly report and a bank account's lines with their
 * suggestions. Every table they read raises its organization's version: the money rows, the
 * books (an entry's lines and an allocation's split between funds through their parents), the
 * bank's lines and reconciliations, the budget, the periods and the published reports.
 */
const BY_ENTRY = 'select organization_id from journal_entries where id = $1';
const BY_ALLOCATION = 'select p.organization_id from payment_allocations a join payments p on p.id = a.payment_id where a.id = $1';
const BY_BANK_ACCOUNT = 'select organization_id from bank_accounts where id = $1';
const BY_PERIOD = 'select organization_id from finance_periods where id = $1';
export const FINANCES_VERSIONED: typeof VERSIONED_TABLES = {
  funds: ['organization_id'],
  fund_transfers: ['organization_id'],
  suppliers: ['organization_id'],
  expenses: ['organization_id'],
  expense_payments: ['organization_id'],
  expense_attachments: ['organization_id'],
  recurring_expenses: ['organization_id'],
  accounts: ['organization_id'],
  journal_entries: ['organization_id'],
  journal_lines: ['entry_id', BY_ENTRY],
  allocation_funds: ['allocation_id', BY_ALLOCATION],
  bank_accounts: ['organization_id'],
  bank_account_funds: ['bank_account_id', BY_BANK_ACCOUNT],
  other_incomes: ['organization_id'],
  bank_statements: ['organization_id'],
  bank_lines: ['organization_id'],
  bank_reconciliations: ['organization_id'],
  budget_lines: ['organization_id'],
  finance_periods: ['organization_id'],
  finance_period_actions: ['period_id', BY_PERIOD],
  finance_reports: ['organization_id'],
};

export const up = (knex: Knex) => addVersionTriggers(knex, FINANCES_VERSIONED);
export const down = (knex: Knex) => dropVersionTriggers(knex, FINANCES_VERSIONED);
