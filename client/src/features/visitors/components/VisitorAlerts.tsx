import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { useLiveEvents } from '@client/lib/live-events';
import type { VisitorEventPayload } from '@shared/schemas/visitors';

const WalkInPrompt = lazy(() => import('./WalkInPrompt'));

/**
 * Wherever the host is in the app: a notice when their visitor is checked in, and the desk's
 * question about a walk-in (allow or deny, while the desk waits). Texts in the common namespace:
 * this lives in the layout.
 */
export function VisitorAlerts() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [asking, setAsking] = useState<VisitorEventPayload | null>(null);

  useLiveEvents((event) => {
    if (event.audience !== 'user' || event.userId !== user.id || user.role === 'Suplidor') return;
    const p = event.payload as unknown as VisitorEventPayload;
    if (event.type === 'visitor.checked_in') {
      toast({ title: t('visitorAlerts.arrived'), description: t('visitorAlerts.arrivedDescription', { name: p.name, place: [p.propertyName, p.unitNumber].filter(Boolean).join(', ') }), variant: 'success' });
    }
    if (event.type === 'visitor.walk_in_requested') setAsking(p);
    if ((event.type === 'visitor.walk_in_decided' || event.type === 'visitor.walk_in_timed_out') && asking?.id === p.id) setAsking(null);
  });

  // Most users are never asked: the question's dialog (react-bootstrap's modal) loads with the first.
  const [prompted, setPrompted] = useState(false);
  if (asking && !prompted) setPrompted(true);
  return prompted ? (
    <Suspense fallback={null}>
      <WalkInPrompt asking={asking} onClose={() => setAsking(null)} />
    </Suspense>
  ) : null;
}
