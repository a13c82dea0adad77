import { BellRing } from 'lucide-react';
import { ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney, useFormatDate } from '@client/lib/format';
import type { ReminderView } from '@shared/schemas/collections';
import { useUnitReminders } from '../api/reminders';

/** The reminders a unit was sent (its history in the statement): scheduled ones by step, manual ones by who sent them. */
export function UnitReminders({ unitId }: { unitId: number | null }) {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const reminders = useUnitReminders(unitId);
  const stepText = (step: number) =>
    step === 0 ? t('reminders.stepDue') : step < 0 ? t('reminders.stepBefore', { count: -step }) : t('reminders.stepAfter', { count: step });
  const what = (reminder: ReminderView) =>
    reminder.kind === 'scheduled'
      ? `${reminder.invoiceNumber ?? ''} · ${t('reminders.scheduled', { step: stepText(reminder.step ?? 0) })}`
      : t('reminders.manual', { name: reminder.sentBy ?? '' });
  if (!reminders.data) return null;
  return (
    <section className="mt-4" aria-labelledby="unit-reminders-title" data-testid="unit-reminders">
      <h3 id="unit-reminders-title" className="h6 d-flex align-items-center gap-1">
        <BellRing size={16} aria-hidden />
        {t('reminders.historyTitle')}
      </h3>
      {reminders.data.length ? (
        <ListGroup variant="flush" className="small">
          {reminders.data.map((reminder) => (
            <ListGroup.Item key={reminder.id} className="d-flex flex-wrap justify-content-between gap-2 px-0">
              <span className="text-break">
                {formatDate(reminder.createdAt, 'dateTime')} · {what(reminder)}
              </span>
              <span className="text-nowrap">{formatMoney(reminder.amount)}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : (
        <p className="small text-body-secondary mb-0">{t('reminders.historyEmpty')}</p>
      )}
    </section>
  );
}
