import { useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { errorMessage } from '@client/lib/api';
import type { AssemblyDetail, AssemblyItem, AttendanceRow } from '@shared/schemas/assemblies';
import { useItemAction, useVote } from '../api/assemblies';
import { TallyView } from './Live';

type Props = { assembly: AssemblyDetail; item: AssemblyItem; attendance?: AttendanceRow[] };

/** One agenda item: its state, live tally or frozen result, the administrator's open/close and room vote, the owner's ballot. */
export function ItemCard({ assembly, item, attendance }: Props) {
  const { t } = useTranslation('assemblies');
  const itemAction = useItemAction(assembly.id);
  const vote = useVote(assembly.id);
  const [closing, setClosing] = useState(false);
  const [roomUnit, setRoomUnit] = useState('');
  const manages = assembly.actions.includes('manageItems');
  const votes = assembly.actions.includes('vote') && item.status === 'open';
  const headingId = `item-${item.id}-title`;
  const present = attendance?.filter((row) => row.present) ?? [];
  return (
    <Card className="mb-3" data-testid="assembly-item" data-item-id={item.id} data-item-status={item.status} aria-labelledby={headingId}>
      <Card.Body>
        <div className="d-flex justify-content-between gap-2 flex-wrap">
          <h3 id={headingId} className="h6 mb-1">
            {item.position}. {item.title}
          </h3>
          <Badge bg={item.status === 'open' ? 'success' : item.status === 'closed' ? 'secondary' : 'light'} text={item.status === 'pending' ? 'dark' : undefined} className="border">
            {t(`itemStatus.${item.status}`)}
          </Badge>
        </div>
        {item.description && <p className="small mb-2">{item.description}</p>}
        {item.kind === 'vote' && (
          <p className="small text-body-secondary mb-2">
            {t(`majority.${item.majority}`)} · {t(`weighting.${item.weighting}`)}
            {item.secret && ` · ${t('agenda.secret')}`}
          </p>
        )}
        {(itemAction.error || vote.error) && (
          <Alert variant="danger" data-testid="item-error">
            {errorMessage(itemAction.error ?? vote.error)}
          </Alert>
        )}
        {item.kind === 'vote' && item.status !== 'pending' && (
          <TallyView tally={item.result ?? item.tally} options={item.options} label={t('tally.label', { title: item.title })} />
        )}
        {item.result && (
          <p className="fw-semibold mt-2 mb-0" data-testid="item-result">
            {item.result.tie ? t('result.tie') : item.result.passed ? t('result.passed', { option: item.result.winner }) : t('result.failed')}
          </p>
        )}
        {votes &&
          assembly.myUnits
            .filter((unit) => unit.present && !unit.blocked)
            .map((unit) => {
              const mine = item.myVotes.find((ballot) => ballot.unitId === unit.unitId)?.option;
              return (
                <fieldset key={unit.unitId} className="mt-3" data-testid="ballot" data-unit={unit.unitNumber}>
                  <legend className="fs-6 fw-semibold">{t('vote.forUnit', { unit: unit.unitNumber })}</legend>
                  <div className="d-grid gap-2">
                    {item.options.map((option) => (
                      <Button
                        key={option}
                        size="lg"
                        variant={mine === option ? 'primary' : 'outline-primary'}
                        aria-pressed={mine === option}
                        disabled={vote.isPending}
                        onClick={() => vote.mutate({ itemId: item.id, unitId: unit.unitId, option })}
                      >
                        {option}
                      </Button>
                    ))}
                  </div>
                  {mine && <p className="small mt-1 mb-0">{t('vote.mine', { option: mine })}</p>}
                </fieldset>
              );
            })}
        {votes && assembly.myUnits.some((unit) => !unit.present) && <p className="small text-body-secondary mt-2 mb-0">{t('vote.markPresentFirst')}</p>}
        {manages && (
          <div className="d-flex flex-wrap gap-2 mt-3">
            {item.kind === 'vote' && item.status === 'pending' && assembly.status === 'in_session' && (
              <Button onClick={() => itemAction.mutate({ itemId: item.id, action: 'open' })} disabled={itemAction.isPending}>
                {t('item.open')}
              </Button>
            )}
            {item.status === 'open' && (
              <Button variant="warning" onClick={() => setClosing(true)}>
                {t('item.close')}
              </Button>
            )}
          </div>
        )}
        {manages && item.status === 'open' && (
          <Form
            className="d-flex flex-wrap gap-2 mt-3 align-items-end"
            aria-label={t('vote.room')}
            onSubmit={(event) => {
              event.preventDefault();
              const option = (new FormData(event.currentTarget).get('option') as string) ?? '';
              if (roomUnit && option) vote.mutate({ itemId: item.id, unitId: Number(roomUnit), option });
            }}
          >
            <Form.Group controlId={`room-unit-${item.id}`}>
              <Form.Label className="small">{t('vote.roomUnit')}</Form.Label>
              <Form.Select size="sm" value={roomUnit} onChange={(e) => setRoomUnit(e.target.value)} required>
                <option value="">{t('fields.choose')}</option>
                {present.map((row) => (
                  <option key={row.unitId} value={row.unitId}>
                    {row.unitNumber} ({Number(row.share).toFixed(2)} %)
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={`room-option-${item.id}`}>
              <Form.Label className="small">{t('vote.option')}</Form.Label>
              <Form.Select size="sm" name="option" required>
                {item.options.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button type="submit" size="sm" variant="outline-primary" disabled={vote.isPending}>
              {t('vote.record')}
            </Button>
          </Form>
        )}
      </Card.Body>
      <ConfirmDialog
        show={closing}
        title={t('item.closeConfirm', { title: item.title })}
        confirmLabel={t('item.close')}
        variant="danger"
        pending={itemAction.isPending}
        onCancel={() => setClosing(false)}
        onConfirm={() => itemAction.mutate({ itemId: item.id, action: 'close' }, { onSettled: () => setClosing(false) })}
      >
        {t('item.closeHelp')}
      </ConfirmDialog>
    </Card>
  );
}
