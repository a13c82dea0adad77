import { useEffect, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import type { VisitorEventPayload } from '@shared/schemas/visitors';
import { useDecision } from '../api/visitors';

type WalkInPromptProps = { asking: VisitorEventPayload | null; onClose: () => void };

/** The desk's question about a walk-in to its host (VisitorAlerts): allow or deny while the desk waits, the seconds left shown. */
export default function WalkInPrompt({ asking, onClose }: WalkInPromptProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const decide = useDecision();

  const dueAt = asking?.decisionDueAt ? Date.parse(asking.decisionDueAt) : 0;
  useEffect(() => {
    if (!asking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [asking]);
  const seconds = Math.max(0, Math.round((dueAt - now) / 1000));

  const answer = (allow: boolean) =>
    asking &&
    decide.mutate(
      { id: asking.id, allow },
      {
        onSuccess: () => {
          toast({ title: t(allow ? 'visitorAlerts.allowed' : 'visitorAlerts.denied'), description: asking.name, variant: 'success' });
          onClose();
        },
        onError: (error) => {
          toast({ title: t('visitorAlerts.late'), description: errorMessage(error), variant: 'destructive' });
          onClose();
        },
      },
    );

  return (
    <Modal show={asking !== null} onHide={onClose} centered aria-labelledby="walk-in-title" data-testid="walk-in-prompt">
      {asking && (
        <>
          <Modal.Header closeButton closeLabel={t('actions.close')}>
            <Modal.Title id="walk-in-title" as="h2" className="h5">
              {t('visitorAlerts.walkInTitle', { name: asking.name })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('visitorAlerts.walkInDescription', { property: asking.propertyName, unit: asking.unitNumber ?? '—' })}</p>
            <p className="small text-body-secondary mb-0">{seconds > 0 ? t('visitorAlerts.timeLeft', { seconds }) : t('visitorAlerts.late')}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-danger" onClick={() => answer(false)} disabled={decide.isPending || seconds === 0} data-testid="walk-in-deny">
              {t('visitorAlerts.deny')}
            </Button>
            <Button variant="success" onClick={() => answer(true)} disabled={decide.isPending || seconds === 0} data-testid="walk-in-allow">
              {t('visitorAlerts.allow')}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
