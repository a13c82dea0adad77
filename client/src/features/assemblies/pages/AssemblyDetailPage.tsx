import { Alert, Button, Card, Col, Row } from 'react-bootstrap';
import { MonitorPlay } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { errorMessage } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/auth';
import { useFormatDate } from '@client/lib/format';
import { can } from '@shared/permissions';
import { useAssembliesLive, useAssembly, useAttendance, useMarkPresent } from '../api/assemblies';
import { AgendaEditor } from '../components/AgendaEditor';
import { AssemblyActions } from '../components/AssemblyActions';
import { AttendancePanel } from '../components/AttendancePanel';
import { ItemCard } from '../components/ItemCard';
import { QuorumView } from '../components/Live';
import { ProxiesPanel } from '../components/ProxiesPanel';
import { StatusBadge } from '../components/StatusBadge';

/**
 * One assembly. Administrators: agenda while draft, convene/start/close/cancel, check-in,
 * proxies, open/close votes and room votes. Owners (on a phone): mark their units present,
 * vote and change the vote while the item is open, upload a proxy letter. Everyone: live
 * quorum and tallies, and the minutes once closed.
 */
export default function AssemblyDetailPage() {
  const { t } = useTranslation('assemblies');
  const id = Number(useParams().id);
  const formatDate = useFormatDate();
  const detail = useAssembly(id);
  // Administrators see the attendance list in every state after the draft (checking in only while open).
  const manages = can(useCurrentUser(), 'assemblies.manage');
  const attendance = useAttendance(id, manages && detail.data?.status !== 'draft');
  const mark = useMarkPresent(id);
  useAssembliesLive();
  if (detail.isPending) return <Loading label={t('loading')} />;
  if (detail.isError) return <ErrorCard error={detail.error} onRetry={() => void detail.refetch()} />;
  const assembly = detail.data;
  const live = assembly.status === 'in_session' || assembly.status === 'convened' || assembly.status === 'closed';
  return (
    <>
      <PageHeader
        title={assembly.title}
        description={`${assembly.propertyName} · ${t(`kind.${assembly.kind}`)} · ${formatDate(assembly.firstCallAt)}${assembly.place ? ` · ${assembly.place}` : ''}`}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <AssemblyActions assembly={assembly} />
            {assembly.status !== 'draft' && (
              <Link className="btn btn-outline-secondary" to={`/assemblies/${assembly.id}/sala`}>
                <MonitorPlay size={16} aria-hidden /> {t('room.open')}
              </Link>
            )}
          </div>
        }
      />
      <div className="mb-3 d-flex gap-2 align-items-center flex-wrap">
        <StatusBadge status={assembly.status} />
        {assembly.status !== 'draft' && (
          <a href={`/api/assemblies/${assembly.id}/notice.pdf`} className="small">
            {t('files.notice')}
          </a>
        )}
        {assembly.status !== 'draft' && (
          <a href={`/api/assemblies/${assembly.id}/invite.ics`} className="small">
            {t('files.invite')}
          </a>
        )}
        {assembly.status === 'closed' && (
          <a href={`/api/assemblies/${assembly.id}/minutes.pdf`} className="small fw-semibold" data-testid="minutes-link">
            {t('files.minutes')}
          </a>
        )}
      </div>
      {assembly.status === 'cancelled' && assembly.cancelReason && <Alert variant="danger">{t('cancelled', { reason: assembly.cancelReason })}</Alert>}
      {assembly.status === 'draft' && assembly.noticeWarning && <Alert variant="warning">{assembly.noticeWarning}</Alert>}
      <Row className="g-3">
        <Col lg={manages ? 7 : 12}>
          {live && (
            <Card className="mb-3">
              <Card.Body>
                <h2 className="h5">{t('quorum.title')}</h2>
                <QuorumView quorum={assembly.quorum} />
              </Card.Body>
            </Card>
          )}
          {assembly.myUnits.length > 0 && (assembly.status === 'convened' || assembly.status === 'in_session') && (
            <Card className="mb-3" data-testid="my-units">
              <Card.Body>
                <h2 className="h5">{t('mine.title')}</h2>
                {mark.error && <Alert variant="danger">{errorMessage(mark.error)}</Alert>}
                <ul className="list-unstyled mb-0 d-grid gap-2">
                  {assembly.myUnits.map((unit) => (
                    <li key={unit.unitId} className="d-flex justify-content-between align-items-center gap-2">
                      <span>
                        {unit.unitNumber}
                        {unit.viaProxy && <span className="small text-body-secondary"> · {t('mine.viaProxy')}</span>}
                        {unit.blocked && <span className="small text-danger"> · {t('mine.blocked')}</span>}
                      </span>
                      {unit.present ? (
                        <span className="text-success fw-semibold">{t('mine.present')}</span>
                      ) : (
                        assembly.actions.includes('markPresent') && (
                          <Button variant="success" disabled={mark.isPending} onClick={() => mark.mutate({ unitId: unit.unitId, via: 'online' })}>
                            {t('mine.markPresent', { unit: unit.unitNumber })}
                          </Button>
                        )
                      )}
                    </li>
                  ))}
                </ul>
              </Card.Body>
            </Card>
          )}
          <h2 className="h5">{t('agenda.title')}</h2>
          {assembly.status === 'draft' && assembly.actions.includes('edit') ? (
            <AgendaEditor assemblyId={assembly.id} items={assembly.items} />
          ) : assembly.items.length === 0 ? (
            <p className="text-body-secondary">{t('agenda.empty')}</p>
          ) : (
            assembly.items.map((item) => <ItemCard key={item.id} assembly={assembly} item={item} attendance={attendance.data} />)
          )}
          {assembly.status !== 'draft' && <ProxiesPanel assembly={assembly} />}
        </Col>
        {manages && assembly.status !== 'draft' && (
          <Col lg={5}>
            <AttendancePanel
              assemblyId={assembly.id}
              rows={attendance.data}
              error={attendance.error}
              onRetry={() => void attendance.refetch()}
              canCheckIn={assembly.actions.includes('checkIn')}
            />
          </Col>
        )}
      </Row>
    </>
  );
}
