import { BellRing, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, ListGroup, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { toast } from '@client/components/toast/toast';
import type { DelinquencyRow } from '@shared/schemas/billing';
import type { ReminderSendResult } from '@shared/schemas/collections';
import { useSendReminders } from '../api/reminders';

/**
 * "Enviar recordatorio" from Morosidad: asks before reminding one unit or every unit of the
 * page (inbox and email to the owner and residents), then offers each unit's WhatsApp link with
 * the message and the amount, for the administrator to send from their phone.
 */
export function ReminderDialog({ rows, onClose }: { rows: DelinquencyRow[] | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const send = useSendReminders();
  const [results, setResults] = useState<ReminderSendResult[] | null>(null);
  const close = () => {
    setResults(null);
    send.reset();
    onClose();
  };
  const unitName = (unitId: number) => {
    const row = rows?.find((candidate) => candidate.unitId === unitId);
    return row ? `${row.propertyName} · ${row.unitNumber}` : String(unitId);
  };
  const confirm = () =>
    send.mutate(
      rows!.map((row) => row.unitId),
      {
        onSuccess: (answered) => {
          setResults(answered);
          const sent = answered.filter((result) => result.sent).length;
          toast({ title: t('reminders.sent', { count: sent }), variant: 'success' });
        },
      },
    );

  return (
    <Modal show={rows !== null} onHide={send.isPending ? undefined : close} centered aria-labelledby="reminder-dialog-title" data-testid="reminder-dialog">
      <Modal.Header closeButton={!send.isPending}>
        <Modal.Title id="reminder-dialog-title" className="h5">
          {t('reminders.title', { count: rows?.length ?? 0 })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {results ? (
          <>
            <p className="small text-body-secondary">{t('reminders.whatsappHint')}</p>
            <ListGroup variant="flush">
              {results.map((result) => (
                <ListGroup.Item key={result.unitId} className="d-flex flex-wrap align-items-center justify-content-between gap-2 px-0" data-testid="reminder-result">
                  <div className="min-w-0">
                    <div className="fw-semibold text-break">{unitName(result.unitId)}</div>
                    <div className="small text-body-secondary">{result.sent ? t('reminders.sentAmount', { amount: formatMoney(result.amount) }) : t('reminders.nothingOwed')}</div>
                  </div>
                  {result.whatsappUrl ? (
                    <Button as="a" href={result.whatsappUrl} target="_blank" rel="noopener noreferrer" variant="outline-success" size="sm" className="d-inline-flex align-items-center gap-1">
                      <MessageCircle size={16} aria-hidden />
                      {t('reminders.whatsapp')}
                    </Button>
                  ) : (
                    result.sent && <span className="small text-body-secondary">{t('reminders.noPhone')}</span>
                  )}
                </ListGroup.Item>
              ))}
            </ListGroup>
          </>
        ) : (
          <>
            <p>{t('reminders.explain')}</p>
            <ListGroup variant="flush" className="small">
              {rows?.map((row) => (
                <ListGroup.Item key={row.unitId} className="d-flex justify-content-between gap-2 px-0">
                  <span className="text-break">{`${row.propertyName} · ${row.unitNumber}`}</span>
                  <span className="text-nowrap">{formatMoney(row.overdue)}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
            {send.error && (
              <Alert variant="danger" className="mt-3 mb-0">
                {errorMessage(send.error)}
              </Alert>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {results ? (
          <Button variant="primary" onClick={close}>
            {t('reminders.done')}
          </Button>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={close} disabled={send.isPending}>
              {t('reminders.cancel')}
            </Button>
            <Button variant="primary" onClick={confirm} disabled={send.isPending || !rows?.length} className="d-inline-flex align-items-center gap-1">
              {send.isPending ? <Spinner size="sm" aria-hidden /> : <BellRing size={16} aria-hidden />}
              {t('reminders.send')}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
