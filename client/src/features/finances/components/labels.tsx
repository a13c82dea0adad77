import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Expense } from '../api/types';

/** An expense's state: pending (partly paid when some is paid), paid, voided. */
export function ExpenseStatusBadge({ expense }: { expense: Pick<Expense, 'status' | 'paidAmount'> }) {
  const { t } = useTranslation('finances');
  if (expense.status === 'pending' && expense.paidAmount > 0) return <Badge bg="info">{t('partlyPaid')}</Badge>;
  const bg = expense.status === 'paid' ? 'success' : expense.status === 'voided' ? 'secondary' : 'warning';
  return (
    <Badge bg={bg} text={bg === 'warning' ? 'dark' : undefined}>
      {t(`statuses.${expense.status}`)}
    </Badge>
  );
}

/** A category's label in the user's language; an administrator's own category as written. */
export function useCategoryLabel() {
  const { t, i18n } = useTranslation('finances');
  return (category: string) => (i18n.exists(`finances:categories.${category}`) ? t(`categories.${category}`) : category);
}
