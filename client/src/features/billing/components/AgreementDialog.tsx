import { useId, useState } from 'react';
import { Alert, Button, Form, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@client/components/FormDialog';
import { Loading } from '@client/components/Loading';
import { ErrorCard } from '@client/components/ErrorCard';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { MAX_INSTALMENTS, proposeInstalments } from '@shared/schemas/agreements';
import { todayThere } from '@shared/time';
import { useCreateAgreement, useUnitAgreements } from '../api/agreements';
import { newIdempotencyKey } from './form';

type Target = { unitId: number; name: string };
type Row = { dueDate: string; amount: string };

const toPesos = (centavos: number) => (centavos / 100).toFixed(2);
const toCentavos = (text: string) => (/^\d{1,9}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

/**
 * "Acuerdo de pago" (docs/modules/collections.md): the unit's overdue debt in N instalments a
 * month apart, equal to the centavo (the first ones a centavo more when it does not divide),
 * each date and amount editable; saved only when they add up to the debt exactly.
 */
export function AgreementDialog({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation('collections');
  return (
    <FormDialog show={target !== null} onClose={onClose} title={t('agreements.createTitle', { unit: target?.name ?? '' })}>
      {target && <AgreementForm unitId={target.unitId} onClose={onClose} />}
    </FormDialog>
  );
}

function AgreementForm({ unitId, onClose }: { unitId: number; onClose: () => void }) {
  const { t } = useTranslation('collections');
  const debt = useUnitAgreements(unitId);
  if (debt.isPending) return <Modal.Body><Loading /></Modal.Body>;
  if (debt.isError) return <Modal.Body><ErrorCard title={t('agreements.loadError')} error={debt.error} onRetry={() => void debt.refetch()} /></Modal.Body>;
  const active = debt.data.agreements.find((agreement) => agreement.status === 'active');
  if (active || debt.data.overdue <= 0) {
    return (
      <>
        <Modal.Body>
          <Alert variant="info" className="mb-0">{active ? t('agreements.alreadyActive') : t('agreements.noDebt')}</Alert>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>{t('common:actions.close')}</Button>
        </Modal.Footer>
      </>
    );
  }
  return <InstalmentsForm unitId={unitId} overdue={debt.data.overdue} onClose={onClose} />;
}

function InstalmentsForm({ unitId, overdue, onClose }: { unitId: number; overdue: number; onClose: () => void }) {
  const { t } = useTranslation('collections');
  const create = useCreateAgreement();
  const [key] = useState(newIdempotencyKey);
  const ids = useId();
  const today = todayThere();
  const [count, setCount] = useState(3);
  const [first, setFirst] = useState(today);
  const propose = (n: number, day: string) => proposeInstalments(overdue, n, day).map((item) => ({ dueDate: item.dueDate, amount: toPesos(item.amount) }));
  const [rows, setRows] = useState<Row[]>(() => propose(3, today));
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const amounts = rows.map((row) => toCentavos(row.amount));
  const sum = amounts.reduce<number>((total, amount) => total + (amount ?? 0), 0);
  const valid = amounts.every((amount) => amount !== null && amount > 0) && sum === overdue && rows.every((row, index) => row.dueDate && (index === 0 ? row.dueDate >= today : row.dueDate > rows[index - 1].dueDate));
  const difference = overdue - sum;
  const recompute = (n: number, day: string) => {
    const bounded = Math.max(1, Math.min(MAX_INSTALMENTS, Math.trunc(n) || 1));
    setCount(bounded);
    setFirst(day);
    if (day) setRows(propose(bounded, day));
  };
  const change = (index: number, patch: Partial<Row>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setRefusal(null);
    // Through the promise, not mutate's own callbacks: the refreshed debt shows the new agreement
    // as active, which replaces this form before those callbacks would run (and they never run
    // for a form no longer there), so the notice would be lost.
    create
      .mutateAsync({ unitId, key, body: { instalments: rows.map((row, index) => ({ dueDate: row.dueDate, amount: amounts[index]! })), note: note.trim() || null } })
      .then(
        () => {
          toast({ title: t('agreements.created'), description: t('agreements.createdDescription', { count: rows.length, amount: formatMoney(overdue) }), variant: 'success' });
          onClose();
        },
        (error) => setRefusal(isApiError(error) && error.fields.instalments ? error.fields.instalments : errorMessage(error)),
      );
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={t('agreements.formLabel')}>
      <Modal.Body>
        <p className="mb-3" data-testid="agreement-debt">
          {t('agreements.debt')}: <strong>{formatMoney(overdue)}</strong>
        </p>
        <div className="d-flex flex-wrap gap-3 mb-3">
          <Form.Group controlId={`${ids}-count`} style={{ maxWidth: '9rem' }}>
            <Form.Label>{t('agreements.count')}</Form.Label>
            <Form.Control type="number" min={1} max={MAX_INSTALMENTS} value={count} onChange={(event) => recompute(Number(event.target.value), first)} data-testid="agreement-count" />
          </Form.Group>
          <Form.Group controlId={`${ids}-first`}>
            <Form.Label>{t('agreements.firstDate')}</Form.Label>
            <Form.Control type="date" min={today} value={first} onChange={(event) => recompute(count, event.target.value)} />
          </Form.Group>
        </div>
        <Table size="sm" className="align-middle" data-testid="agreement-instalments">
          <caption className="visually-hidden">{t('agreements.instalments')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('agreements.dueDate')}</th>
              <th scope="col" className="text-end">{t('agreements.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td>{index + 1}</td>
                <td>
                  <Form.Control type="date" size="sm" min={today} value={row.dueDate} aria-label={t('agreements.dueDateOf', { number: index + 1 })} onChange={(event) => change(index, { dueDate: event.target.value })} />
                </td>
                <td>
                  <Form.Control
                    size="sm"
                    inputMode="decimal"
                    className="text-end"
                    value={row.amount}
                    isInvalid={amounts[index] === null || amounts[index] === 0}
                    aria-label={t('agreements.amountOf', { number: index + 1 })}
                    onChange={(event) => change(index, { amount: event.target.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p className={`small ${difference ? 'text-danger' : 'text-success'}`} role="status" data-testid="agreement-sum">
          {difference ? t('agreements.mismatch', { sum: formatMoney(sum), debt: formatMoney(overdue) }) : t('agreements.matches', { sum: formatMoney(sum) })}
        </p>
        <Form.Group controlId={`${ids}-note`}>
          <Form.Label>{t('agreements.note')}</Form.Label>
          <Form.Control as="textarea" rows={2} maxLength={5000} value={note} onChange={(event) => setNote(event.target.value)} />
        </Form.Group>
        {refusal && <Alert variant="danger" className="mt-3 mb-0">{refusal}</Alert>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={create.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={create.isPending} pendingLabel={t('common:status.saving')} disabled={!valid}>
          {t('agreements.submit')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
