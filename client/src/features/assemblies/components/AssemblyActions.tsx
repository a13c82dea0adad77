import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { errorMessage } from '@client/lib/api';
import type { AssemblyDetail } from '@shared/schemas/assemblies';
import { useAssemblyAction } from '../api/assemblies';

type Action = 'convene' | 'start' | 'close' | 'cancel';

/** Convene (with the short-notice warning), start, close and cancel with a reason: each asks first. */
export function AssemblyActions({ assembly }: { assembly: AssemblyDetail }) {
  const { t } = useTranslation('assemblies');
  const run = useAssemblyAction(assembly.id);
  const [asking, setAsking] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const available = (['convene', 'start', 'close', 'cancel'] as const).filter((action) => assembly.actions.includes(action));
  if (available.length === 0) return null;
  const close = () => {
    setAsking(null);
    setReason('');
    run.reset();
  };
  return (
    <>
      {available.map((action) => (
        <Button key={action} variant={action === 'cancel' ? 'outline-danger' : action === 'close' ? 'warning' : 'primary'} onClick={() => setAsking(action)}>
          {t(`actions.${action}`)}
        </Button>
      ))}
      <ConfirmDialog
        show={asking !== null}
        title={asking ? t(`confirm.${asking}.title`) : ''}
        confirmLabel={asking ? t(`actions.${asking}`) : undefined}
        variant={asking === 'cancel' || asking === 'close' ? 'danger' : 'primary'}
        pending={run.isPending}
        confirmDisabled={asking === 'cancel' && !reason.trim()}
        refusal={run.error ? errorMessage(run.error) : null}
        onCancel={close}
        onConfirm={() => asking && run.mutate({ action: asking, reason }, { onSuccess: close })}
      >
        {asking && <p>{t(`confirm.${asking}.body`)}</p>}
        {asking === 'convene' && assembly.noticeWarning && (
          <Alert variant="warning" data-testid="notice-warning">
            {assembly.noticeWarning}
          </Alert>
        )}
        {asking === 'cancel' && (
          <Form.Group controlId="cancel-reason">
            <Form.Label>{t('fields.reason')}</Form.Label>
            <Form.Control as="textarea" rows={2} required value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
        )}
      </ConfirmDialog>
    </>
  );
}
