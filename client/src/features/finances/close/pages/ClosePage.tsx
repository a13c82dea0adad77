import { useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Lock, LockOpen } from 'lucide-react';
import type { Language } from '@shared/messages';
import { todayThere } from '@shared/time';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { FinancesNav } from '../../FinancesNav';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { usePeriodAction, usePeriods, usePropertyParam, type Period, useFinancesCloseLive } from '../api';
import { NoProperty, PropertyPicker } from '../components/PropertyPicker';
import { monthLabel } from '../labels';

type Asking = { period: Period; action: 'close' | 'reopen' };

/** `/finances/cierre`: the months of a year with their state; close or reopen one, after confirming (reopening with a reason). */
export default function ClosePage() {
  const { t, i18n } = useTranslation('financesClose');
  const language = i18n.language as Language;
  const today = todayThere();
  useFinancesCloseLive();
  const [propertyId, setPropertyId] = usePropertyParam();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const periods = usePeriods(propertyId, year);
  const act = usePeriodAction(propertyId ?? 0);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const ask = (period: Period, action: Asking['action']) => {
    setAsking({ period, action });
    setReason('');
    setRefusal(null);
  };
  const confirm = () => {
    if (!asking) return;
    act.mutate(
      { month: asking.period.month, action: asking.action, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('close.done'), variant: 'success' });
          setAsking(null);
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };
  const reopening = asking?.action === 'reopen';

  return (
    <div>
      <PageHeader title={t('close.title')} description={t('close.description')} />
      <FinancesNav />
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <PropertyPicker value={propertyId} onChange={setPropertyId} />
        <Form.Group controlId="close-year">
          <Form.Label>{t('year')}</Form.Label>
          <Form.Select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {[year - 1, year, year + 1].map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {!propertyId ? (
        <NoProperty />
      ) : periods.isPending ? (
        <Loading />
      ) : periods.isError ? (
        <ErrorCard error={periods.error} onRetry={() => periods.refetch()} />
      ) : (
        <div className="table-responsive">
          <Table className="align-middle">
            <thead>
              <tr>
                <th scope="col">{t('close.month')}</th>
                <th scope="col">{t('close.status')}</th>
                <th scope="col">{t('close.history')}</th>
                <th scope="col"><span className="visually-hidden">{t('close.closeAction')}</span></th>
              </tr>
            </thead>
            <tbody>
              {periods.data.map((period) => (
                <tr key={period.month}>
                  <th scope="row" className="text-capitalize text-nowrap">{monthLabel(period.month, language)}</th>
                  <td>
                    {period.status === 'closed' ? (
                      <Badge bg="secondary">
                        <Lock size={12} className="me-1" aria-hidden />
                        {t('close.closed')}
                      </Badge>
                    ) : (
                      <Badge bg="success-subtle" text="success-emphasis">{t('close.open')}</Badge>
                    )}
                  </td>
                  <td className="small">
                    <ul className="list-unstyled mb-0">
                      {period.history.map((entry, index) => (
                        <li key={index}>
                          {entry.at && formatDate(entry.at, 'dateTime', language)} · {t(entry.action === 'closed' ? 'close.closedEntry' : 'close.reopenedEntry')}
                          {entry.userName ? ` · ${entry.userName}` : ''}
                          {entry.reason ? ` — ${entry.reason}` : ''}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="text-end">
                    {period.status === 'closed' ? (
                      <Button size="sm" variant="outline-secondary" onClick={() => ask(period, 'reopen')}>
                        <LockOpen size={14} className="me-1" aria-hidden />
                        {t('close.reopenAction')}
                      </Button>
                    ) : (
                      <Button size="sm" variant="outline-primary" disabled={period.month > today.slice(0, 7)} onClick={() => ask(period, 'close')}>
                        <Lock size={14} className="me-1" aria-hidden />
                        {t('close.closeAction')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <ConfirmDialog
        show={asking !== null}
        title={asking ? t(reopening ? 'close.confirmReopen' : 'close.confirmClose', { month: monthLabel(asking.period.month, language) }) : ''}
        confirmLabel={t(reopening ? 'close.reopenAction' : 'close.closeAction')}
        variant={reopening ? 'danger' : 'primary'}
        pending={act.isPending}
        confirmDisabled={reopening && !reason.trim()}
        refusal={refusal}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p>{t(reopening ? 'close.confirmReopenText' : 'close.confirmCloseText')}</p>
        <Form.Group controlId="period-reason">
          <Form.Label>{t(reopening ? 'close.reason' : 'close.note')}</Form.Label>
          <Form.Control as="textarea" rows={2} value={reason} required={reopening} onChange={(event) => setReason(event.target.value)} />
        </Form.Group>
      </ConfirmDialog>
    </div>
  );
}
