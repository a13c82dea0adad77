import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatMoney, useFormatDate } from '@client/lib/format';
import type { AgreementView } from '@shared/schemas/agreements';
import { useCancelAgreement, useUnitAgreements } from '../api/agreements';
import { AgreementDialog } from './AgreementDialog';
import { AgreementStatusBadge } from './labels';

/** A unit's payment agreements in its statement: each instalment, what was paid, and (administrators) cancel. */
export function UnitAgreements({ unitId, name, manager }: { unitId: number | null; name: string; manager: boolean }) {
  const { t } = useTranslation('collections');
  const agreements = useUnitAgreements(unitId);
  const [creating, setCreating] = useState(false);
  const data = agreements.data;
  // Administrators start one from the unit's account while it owes past due and has none active.
  const canCreate = manager && unitId !== null && Boolean(data && data.overdue > 0 && !data.agreements.some((agreement) => agreement.status === 'active'));
  if (!data || (!data.agreements.length && !canCreate)) return null;
  return (
    <section className="mt-4" aria-labelledby="unit-agreements-title" data-testid="unit-agreements">
      <h3 id="unit-agreements-title" className="h6 d-flex flex-wrap align-items-center gap-1">
        <Handshake size={16} aria-hidden />
        {t('agreements.title')}
        {canCreate && (
          <Button size="sm" variant="outline-primary" className="ms-auto" onClick={() => setCreating(true)} data-testid="agreement-create">
            {t('agreements.create')}
          </Button>
        )}
      </h3>
      {!data.agreements.length && <p className="small text-body-secondary mb-0">{t('agreements.none')}</p>}
      <AgreementDialog target={creating && unitId !== null ? { unitId, name } : null} onClose={() => setCreating(false)} />
      {agreements.data.agreements.map((agreement) => (
        <AgreementCard key={agreement.id} agreement={agreement} manager={manager} />
      ))}
    </section>
  );
}

function AgreementCard({ agreement, manager }: { agreement: AgreementView; manager: boolean }) {
  const { t } = useTranslation('collections');
  const formatDate = useFormatDate();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelAgreement();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setCancelling(false);
    setReason('');
    setRefusal(null);
  };
  return (
    <div className="border rounded p-2 mb-2 small" data-testid="agreement">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <AgreementStatusBadge status={agreement.status} />
        <span className="fw-semibold">{t('agreements.summary', { amount: formatMoney(agreement.total), count: agreement.instalments.length })}</span>
        <span className="text-body-secondary">{t('agreements.paidSoFar', { amount: formatMoney(agreement.paid) })}</span>
        {manager && agreement.status === 'active' && (
          <Button size="sm" variant="outline-danger" className="ms-auto" onClick={() => setCancelling(true)}>
            {t('agreements.cancel')}
          </Button>
        )}
      </div>
      <div className="text-body-secondary mb-1">
        {t('agreements.madeBy', { name: agreement.createdBy ?? '—', date: formatDate(agreement.createdAt, 'day') })}
        {agreement.note ? ` · ${agreement.note}` : ''}
      </div>
      {agreement.status === 'cancelled' && (
        <div className="text-body-secondary mb-1">
          {t('agreements.cancelledBy', { name: agreement.cancelledBy ?? '—', date: formatDate(agreement.endedAt!, 'day'), reason: agreement.cancelReason ?? '' })}
        </div>
      )}
      <Table size="sm" responsive className="mb-0">
        <caption className="visually-hidden">{t('agreements.instalments')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('agreements.dueDate')}</th>
            <th scope="col" className="text-end">{t('agreements.amount')}</th>
            <th scope="col" className="text-end">{t('agreements.paid')}</th>
          </tr>
        </thead>
        <tbody>
          {agreement.instalments.map((item) => (
            <tr key={item.number} className={item.missed ? 'table-danger' : undefined}>
              <td>{item.number}</td>
              <td className="text-nowrap">
                {formatDate(item.dueDate, 'day')}
                {item.missed && <span className="ms-1 text-danger">({t('agreements.missed')})</span>}
              </td>
              <td className="text-end text-nowrap">{formatMoney(item.amount)}</td>
              <td className="text-end text-nowrap">{formatMoney(item.paid)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        show={cancelling}
        title={t('agreements.cancelTitle')}
        confirmLabel={t('agreements.cancelConfirm')}
        variant="danger"
        pending={cancel.isPending}
        confirmDisabled={!reason.trim()}
        refusal={refusal}
        onCancel={close}
        onConfirm={() =>
          cancel.mutate(
            { id: agreement.id, reason: reason.trim() },
            {
              onSuccess: () => {
                toast({ title: t('agreements.cancelled'), variant: 'success' });
                close();
              },
              onError: (error) => setRefusal(errorMessage(error)),
            },
          )
        }
      >
        <Alert variant="warning" className="small">{t('agreements.cancelExplanation')}</Alert>
        <Form.Group controlId={`agreement-${agreement.id}-reason`}>
          <Form.Label>{t('agreements.reason')}</Form.Label>
          <Form.Control as="textarea" rows={2} maxLength={5000} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Form.Group>
      </ConfirmDialog>
    </div>
  );
}
