import { useState } from 'react';
import { Alert, Button, ListGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { newIdempotencyKey, useMatchLine, type BankLine, type BookEntry } from '../api';

/** "Elegir otro": the unreconciled book entries with the line's amount, one tap to match. */
export function PickEntryDialog({ line, entries, onClose }: { line: BankLine | null; entries: BookEntry[]; onClose: () => void }) {
  const { t } = useTranslation('financesBank');
  const { t: common } = useTranslation();
  const match = useMatchLine();
  const [key] = useState(newIdempotencyKey);
  const candidates = line ? entries.filter((entry) => entry.amount === line.amount && entry.kind !== 'income') : [];
  const pick = (entry: BookEntry) => {
    if (!line) return;
    const body = entry.kind === 'payment' ? { paymentId: entry.id } : { expensePaymentId: entry.id };
    match.mutate({ lineId: line.id, key: `${key}-${entry.kind}-${entry.id}`, body }, { onSuccess: onClose });
  };
  return (
    <Modal show={line !== null} onHide={onClose} aria-labelledby="pick-entry-title" fullscreen="sm-down">
      <Modal.Header closeButton closeLabel={common('actions.close')}>
        <Modal.Title id="pick-entry-title" as="h2" className="h5">
          {t('pick.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {line && (
          <p>
            <strong>{formatMoney(line.amount)}</strong> · {line.date} · {line.description}
          </p>
        )}
        {match.error && <Alert variant="danger">{errorMessage(match.error)}</Alert>}
        {candidates.length ? (
          <ListGroup>
            {candidates.map((entry) => (
              <ListGroup.Item key={`${entry.kind}-${entry.id}`} className="d-flex justify-content-between align-items-center gap-2">
                <span>
                  {t(`kinds.${entry.kind}`)} · {entry.date} · {entry.description} {entry.reference && <span className="text-body-secondary">({entry.reference})</span>}
                </span>
                <Button size="sm" onClick={() => pick(entry)} disabled={match.isPending}>
                  {t('actions.choose')}
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        ) : (
          <p className="text-body-secondary mb-0">{t('pick.empty')}</p>
        )}
      </Modal.Body>
    </Modal>
  );
}
