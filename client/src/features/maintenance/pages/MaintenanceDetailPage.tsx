import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { DetailFields } from '@client/components/detail/DetailFields';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';
import type { MaintenanceDetailView } from '@shared/schemas/maintenance';
import { useAddPhotos, useMaintenanceRequest } from '../api/maintenance';
import { OverdueBadge, PriorityBadge, StatusBadge } from '../components/Badges';
import { CommentForm } from '../components/CommentForm';
import { PhotoGallery, PhotoPicker } from '../components/Photos';
import { RatingForm, RatingStars } from '../components/RatingForm';
import { PersonContact } from '../components/RequestColumns';
import { useRequestActions } from '../components/RequestActions';
import { RequestTimeline } from '../components/RequestTimeline';
import { usePlace } from '../lib/place';
import { useMaintenanceLive } from '../lib/live';
import '../maintenance.css';

/** /maintenance/:id: the request's facts, its next steps for this user, photos, timeline, comments, rating. */
export default function MaintenanceDetailPage() {
  const { t } = useTranslation('maintenance');
  const id = Number(useParams().id);
  const request = useMaintenanceRequest(id);
  useMaintenanceLive();
  const back = (
    <Link to="/maintenance" className="d-inline-flex align-items-center gap-1 small mb-2">
      <ArrowLeft size={14} aria-hidden />
      {t('actions.back')}
    </Link>
  );

  if (request.isPending) return <Loading />;
  if (request.isError) {
    return (
      <>
        <PageHeader title={t('errors.notFoundTitle')}>{back}</PageHeader>
        {isApiError(request.error, 404) ? (
          <EmptyState icon={SearchX} title={t('errors.notFoundTitle')} description={t('errors.notFound')} />
        ) : (
          <ErrorCard title={t('errors.detail')} error={request.error} onRetry={() => void request.refetch()} />
        )}
      </>
    );
  }
  return <RequestDetail request={request.data} back={back} />;
}

function RequestDetail({ request, back }: { request: MaintenanceDetailView; back: React.ReactNode }) {
  const { t } = useTranslation('maintenance');
  const formatDate = useFormatDate();
  const place = usePlace();
  const { hash } = useLocation();
  const { commands, dialogs, pending } = useRequestActions(request);
  const addPhotos = useAddPhotos(request.id);
  const date = (value: string | null | undefined) => (value ? formatDate(value, 'dateTime') : null);

  // "Añadir comentario" of a list row lands here, on the comment box.
  useEffect(() => {
    if (hash === '#comment') document.querySelector<HTMLTextAreaElement>('#comment textarea')?.focus();
  }, [hash]);

  const fields = [
    { label: t('detail.status'), value: <><StatusBadge status={request.status} />{request.overdue && <OverdueBadge />}</> },
    { label: t('detail.priority'), value: <PriorityBadge priority={request.priority} /> },
    { label: t('detail.property'), value: request.propertyName },
    { label: t('detail.place'), value: place(request) },
    { label: t('detail.requestedBy'), value: request.requestedBy && <PersonContact person={request.requestedBy} /> },
    { label: t('detail.requestedAt'), value: date(request.requestedAt) },
    {
      label: t('detail.assignee'),
      value: request.assignedTo ? (
        <>
          {request.assignedTo.name}
          <div className="small text-body-secondary">{request.acceptedAt ? t('detail.acceptedNote') : t('detail.awaitingAcceptance')}</div>
        </>
      ) : (
        t('table.unassigned')
      ),
    },
    { label: t('detail.scheduledDate'), value: date(request.scheduledDate) },
    ...(request.dueAt !== undefined ? [{ label: t('detail.dueAt'), value: date(request.dueAt) }] : []),
    ...(request.completedAt ? [{ label: t('detail.completedAt'), value: date(request.completedAt) }] : []),
    ...(request.reopenCount ? [{ label: t('detail.reopenCount'), value: String(request.reopenCount) }] : []),
    ...(request.rating ? [{ label: t('detail.rating'), value: <><RatingStars score={request.rating.score} />{request.rating.comment && <div className="small">{request.rating.comment}</div>}</> }] : []),
  ];

  return (
    <>
      <PageHeader title={request.title} documentTitle={`${request.title} | ${t('title')}`}>
        {back}
      </PageHeader>
      {commands.length > 0 && (
        <section aria-label={t('detail.actions')} className="d-flex flex-wrap gap-2 mb-4" data-testid="maintenance-detail-actions">
          {commands.map(({ key, label, icon: Icon, run, variant }) => (
            <Button key={key} variant={variant ?? 'outline-secondary'} onClick={run} disabled={pending} className="d-inline-flex align-items-center gap-2">
              <Icon size={16} aria-hidden />
              {label}
            </Button>
          ))}
        </section>
      )}
      {dialogs}
      <Row className="g-4">
        <Col lg={7}>
          <Card className="mb-4">
            <Card.Body>
              <DetailFields fields={fields} />
              {request.description && (
                <>
                  <h2 className="h6 text-body-secondary fw-normal small mb-1">{t('detail.description')}</h2>
                  <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>{request.description}</p>
                </>
              )}
            </Card.Body>
          </Card>
          {request.actions.includes('rate') && <RatingForm requestId={request.id} />}
          <Card as="section" aria-labelledby="photos-title" className="mb-4">
            <Card.Body>
              <h2 id="photos-title" className="h5">
                {t('detail.photos')}
              </h2>
              {request.photos.length ? <PhotoGallery photos={request.photos} /> : <p className="text-body-secondary mb-0">{t('photos.none')}</p>}
              {request.actions.includes('photo') && (
                <div className="mt-3">
                  <PhotoPicker
                    label={t('actions.addPhotos')}
                    labelHidden
                    files={[]}
                    disabled={addPhotos.isPending}
                    onChange={(files) =>
                      files.length &&
                      addPhotos.mutate(files, {
                        onSuccess: () => toast({ title: t('photos.added'), variant: 'success' }),
                        onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }),
                      })
                    }
                  />
                </div>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={5}>
          <Card as="section" aria-labelledby="timeline-title">
            <Card.Body>
              <h2 id="timeline-title" className="h5">
                {t('detail.timeline')}
              </h2>
              <RequestTimeline updates={request.updates} />
              {request.actions.includes('comment') && (
                <div className="border-top pt-3 mt-3">
                  <CommentForm requestId={request.id} canInternal={request.actions.includes('commentInternal')} />
                </div>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
