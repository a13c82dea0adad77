import { useEffect, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/features/auth/api/get-user';
import { errorMessage } from '@client/lib/api';
import { useLiveEvents } from '@client/lib/live-events';
import type { VisitorEventPayload } from '@shared/schemas/visitors';
import { useDecision } from '../api/visitors';

/**
 * Wherever the host is in the app: a notice when their visitor is checked in, and the desk's
 * question about a walk-in (allow or deny, while the desk waits). Texts in the common namespace:
 * this lives in the layout.
 */
export function VisitorAlerts() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [asking, setAsking] = useState<VisitorEventPayload | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const decide = useDecision();

  useLiveEvents((event) => {
    if (event.audience !== 'user' || event.userId !== user.id || user.role === 'Suplidor') return;
    const p = event.payload as unknown as VisitorEventPayload;
    if (event.type === 'visitor.checked_in') {
      toast({ title: t('visitorAlerts.arrived'), description: t('visitorAlerts.arrivedDescription', { name: p.name, place: [p.propertyName, p.unitNumber].filter(Boolean).join(', ') }), variant: 'success' });
    }
    if (event.type === 'visitor.walk_in_requested') setAsking(p);
    if ((event.type === 'visitor.walk_in_decided' || event.type === 'visitor.walk_in_timed_out') && asking?.id === p.id) setAsking(null);
  });

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
          setAsking(null);
        },
        onError: (error) => {
          toast({ title: t('visitorAlerts.late'), description: errorMessage(error), variant: 'destructive' });
          setAsking(null);
        },
      },
    );

  return (
    <Modal show={asking !== null} onHide={() => setAsking(null)} centered aria-labelledby="walk-in-title" data-testid="walk-in-prompt">
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
