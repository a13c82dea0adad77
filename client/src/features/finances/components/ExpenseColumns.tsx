import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DataColumn } from '@client/components/list/DataList';
import { formatMoney, useFormatDate } from '@client/lib/format';
import type { Expense } from '../api/types';
import { ExpenseStatusBadge, useCategoryLabel } from './labels';

/** The expenses table (cards on a phone): what and for whom, the date, total and what is owed, state. */
export function useExpenseColumns(): DataColumn<Expense>[] {
  const { t } = useTranslation('finances');
  const formatDate = useFormatDate();
  const categoryLabel = useCategoryLabel();
  return [
    {
      id: 'expense',
      header: t('expenses.table.expense'),
      card: 'title',
      cell: (expense) => (
        <div className="min-w-0">
          <Link to={`/finances/gastos/${expense.id}`} className="fw-semibold text-break" data-testid="expense-description">
            {expense.description}
          </Link>
          <div className="small text-body-secondary text-break">
            {[categoryLabel(expense.category), expense.fundName, expense.invoiceNumber, expense.ncf].filter(Boolean).join(' · ')}
          </div>
        </div>
      ),
    },
    { id: 'supplier', header: t('expenses.table.supplier'), cell: (expense) => <span className="text-break">{expense.supplierName ?? '—'}</span> },
    { id: 'date', header: t('expenses.table.date'), className: 'text-nowrap', cell: (expense) => formatDate(expense.issueDate, 'day') },
    {
      id: 'total',
      header: t('expenses.table.total'),
      className: 'text-nowrap text-end',
      cell: (expense) => (
        <>
          {formatMoney(expense.total)}
          {expense.itbis > 0 && <div className="small text-body-secondary">ITBIS {formatMoney(expense.itbis)}</div>}
        </>
      ),
    },
    { id: 'balance', header: t('expenses.table.balance'), className: 'text-nowrap text-end', cell: (expense) => <span data-testid="expense-balance">{formatMoney(expense.balance)}</span> },
    { id: 'status', header: t('expenses.table.status'), cell: (expense) => <ExpenseStatusBadge expense={expense} /> },
  ];
}
