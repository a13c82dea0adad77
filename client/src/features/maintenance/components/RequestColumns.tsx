import { Phone } from 'lucide-react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { DataColumn } from '@client/components/list/DataList';
import { RowActionsMenu } from '@client/components/list/RowActionsMenu';
import { useFormatDate } from '@client/lib/format';
import type { MaintenanceRequestView, PersonRef } from '@shared/schemas/maintenance';
import { usePlace } from '../lib/place';
import { OverdueBadge, PriorityBadge, StatusBadge } from './Badges';
import { useRequestActions } from './RequestActions';

/** A person's name and, when the viewer may see it, their phone as a link that calls. */
export function PersonContact({ person }: { person: PersonRef }) {
  const { t } = useTranslation('maintenance');
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      {person.name}
      {person.phone && (
        <a href={`tel:${person.phone}`} className="d-inline-flex align-items-center gap-1" aria-label={t('actions.call', { name: person.name })}>
          <Phone size={14} aria-hidden />
          {person.phone}
        </a>
      )}
    </span>
  );
}

function RequestCell({ request }: { request: MaintenanceRequestView }) {
  return (
    <div className="min-w-0">
      <Link to={`/maintenance/${request.id}`} className="fw-semibold text-break" data-testid="maintenance-title">
        {request.title}
      </Link>
      <div className="small text-body-secondary text-break">{request.propertyName}</div>
    </div>
  );
}

/**
 * The list's columns (spec: Request, Location, Priority, Status, Submitted), plus the
 * technician for administrators and the scheduled date for suppliers.
 */
export function useRequestColumns(view: 'admin' | 'requester' | 'supplier'): DataColumn<MaintenanceRequestView>[] {
  const { t } = useTranslation('maintenance');
  const formatDate = useFormatDate();
  const place = usePlace();
  const columns: DataColumn<MaintenanceRequestView>[] = [
    { id: 'request', header: t('table.request'), card: 'title', cell: (request) => <RequestCell request={request} /> },
    { id: 'location', header: t('table.location'), cell: place },
    { id: 'priority', header: t('table.priority'), cell: (request) => <PriorityBadge priority={request.priority} /> },
    {
      id: 'status',
      header: t('table.status'),
      cell: (request) => (
        <>
          <StatusBadge status={request.status} />
          {request.overdue && <OverdueBadge />}
        </>
      ),
    },
  ];
  if (view === 'supplier') {
    columns.push(
      { id: 'scheduled', header: t('table.scheduled'), className: 'text-nowrap', cell: (request) => (request.scheduledDate ? formatDate(request.scheduledDate, 'dateTime') : '—') },
      {
        id: 'requester',
        header: t('detail.requestedBy'),
        cell: (request) => request.requestedBy && <PersonContact person={request.requestedBy} />,
      },
    );
  } else {
    if (view === 'admin') columns.push({ id: 'assignee', header: t('table.assignee'), cell: (request) => request.assignedTo?.name ?? <span className="text-body-secondary">{t('table.unassigned')}</span> });
    columns.push({
      id: 'submitted',
      header: t('table.submitted'),
      className: 'text-nowrap',
      cell: (request) => (
        <>
          <div>{formatDate(request.requestedAt, 'day')}</div>
          {request.requestedBy && <div className="small text-body-secondary">{t('table.by', { name: request.requestedBy.name })}</div>}
        </>
      ),
    });
  }
  return columns;
}

/** A row's "…" menu (administrators and requesters). */
export function RequestActionsMenu({ request }: { request: MaintenanceRequestView }) {
  const navigate = useNavigate();
  const open = () => navigate(`/maintenance/${request.id}`);
  const { commands, dialogs } = useRequestActions(request, { onView: open, onComment: () => navigate(`/maintenance/${request.id}#comment`) });
  return (
    <>
      <RowActionsMenu name={request.title} actions={commands.map(({ label, icon, run, danger }) => ({ label, icon, onClick: run, danger }))} testId="maintenance-actions" />
      {dialogs}
    </>
  );
}

/** A supplier's job: its next steps as large buttons (a phone's thumb). */
export function JobButtons({ request }: { request: MaintenanceRequestView }) {
  const navigate = useNavigate();
  const { commands, dialogs, pending } = useRequestActions(request, { onView: () => navigate(`/maintenance/${request.id}`) });
  return (
    <>
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        {commands.map(({ key, label, icon: Icon, run, variant }) => (
          <Button key={key} variant={variant ?? 'outline-secondary'} onClick={run} disabled={pending} className="d-inline-flex align-items-center gap-2">
            <Icon size={16} aria-hidden />
            {label}
          </Button>
        ))}
      </div>
      {dialogs}
    </>
  );
}
