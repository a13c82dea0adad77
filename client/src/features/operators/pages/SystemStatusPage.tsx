import { ExternalLink, RefreshCw } from 'lucide-react';
import { Alert, Badge, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DetailFields } from '@client/components/detail/DetailFields';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { useFormatDate } from '@client/lib/format';
import type { HealthReport } from '@shared/health';
import { useHealth } from '../api/get-health';

const OVERALL_VARIANT: Record<HealthReport['status'], string> = { ok: 'success', degraded: 'warning', down: 'danger' };
const WELL = new Set(['up']);

/**
 * /admin/status (operators): what `/api/health` reports (database, Redis, the relay of live
 * events, the worker's heartbeat), refreshed every 15 s, with the way to the job queues.
 */
export default function SystemStatusPage() {
  const { t } = useTranslation('operators');
  const formatDate = useFormatDate();
  const health = useHealth();

  const part = (name: 'database' | 'redis' | 'worker' | 'relay', state: string, detail?: string) => ({
    label: t(`parts.${name}`),
    value: (
      <span className="d-inline-flex flex-wrap align-items-center gap-2" data-testid={`health-${name}`}>
        <Badge bg={WELL.has(state) ? 'success' : 'danger'}>{t(`states.${state}`)}</Badge>
        {detail && <span className="text-body-secondary small">{detail}</span>}
      </span>
    ),
  });

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => void health.refetch()} disabled={health.isFetching}>
              <RefreshCw size={16} aria-hidden className="me-1" />
              {t('refresh')}
            </Button>
            {/* bull-board is served by the server, outside the client's routes: a plain link. */}
            <a className="btn btn-outline-primary" href="/admin/queues" title={t('queuesHint')}>
              <ExternalLink size={16} aria-hidden className="me-1" />
              {t('queues')}
            </a>
          </>
        }
      />
      {health.isPending ? (
        <Loading />
      ) : health.isError ? (
        <ErrorCard error={health.error} onRetry={() => void health.refetch()} />
      ) : (
        <>
          <Alert variant={OVERALL_VARIANT[health.data.status]} data-testid="health-status" aria-live="polite">
            <strong>{t(`overall.${health.data.status}`)}</strong> {t(`overallDetail.${health.data.status}`)}
          </Alert>
          <Card>
            <Card.Body>
              <DetailFields
                fields={[
                  part('database', health.data.database),
                  part('redis', health.data.redis),
                  part(
                    'worker',
                    health.data.worker.status,
                    health.data.worker.heartbeatAgeSeconds === null ? undefined : t('heartbeatAge', { seconds: Math.round(health.data.worker.heartbeatAgeSeconds) }),
                  ),
                  part(
                    'relay',
                    health.data.relay?.status ?? 'unknown',
                    health.data.relay
                      ? t('relayPending', { count: health.data.relay.pending, seconds: Math.round(health.data.relay.oldestPendingSeconds ?? 0) })
                      : undefined,
                  ),
                ]}
              />
              <p className="small text-body-secondary mb-0">{t('checkedAt', { time: formatDate(new Date(health.dataUpdatedAt), 'dateTime') })}</p>
            </Card.Body>
          </Card>
        </>
      )}
    </>
  );
}
