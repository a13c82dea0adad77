import { Ban, LogIn, LogOut, Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import type { DataColumn } from '@client/components/list/DataList';
import { RowActionsMenu, type RowAction } from '@client/components/list/RowActionsMenu';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';
import { useCheck, usePatchVisitor, type VisitorView } from '../api/visitors';
import { weekdayNames } from '../lib/share';
import { VisitTypeBadge, VisitorStatusBadge } from './Badges';

/** The log's columns (spec: visitor with initials, name, email, phone; date and time; host; unit; type; status). */
export function useVisitorColumns(admin: boolean): DataColumn<VisitorView>[] {
  const { t } = useTranslation('visitors');
  const formatDate = useFormatDate();
  const columns: DataColumn<VisitorView>[] = [
    {
      id: 'visitor',
      header: t('table.visitor'),
      card: 'title',
      cell: (v) => {
        const [name, ...last] = v.name.split(' ');
        return (
          <div className="d-flex align-items-center gap-2 min-w-0">
            <Avatar name={name} lastName={last.join(' ')} size={36} decorative />
            <div className="min-w-0">
              <div className="fw-semibold text-break" data-testid="visitor-name">
                {v.name}
              </div>
              {(v.phone || v.email) && <div className="small text-body-secondary text-break">{[v.phone, v.email].filter(Boolean).join(' · ')}</div>}
            </div>
          </div>
        );
      },
    },
    {
      id: 'when',
      header: t('table.when'),
      className: 'text-nowrap',
      cell: (v) => (
        <>
          <div>{v.validFrom ? formatDate(v.validFrom, v.passKind === 'recurring' ? 'day' : 'dateTime') : '—'}</div>
          {v.passKind === 'recurring' && (
            <div className="small text-body-secondary">
              {t('table.recurring', { days: weekdayNames(v.weekdays, t) })} {v.validTo && t('table.until', { date: formatDate(v.validTo, 'day') })}
            </div>
          )}
          {v.inside && v.checkInTime && <div className="small text-success">{t('table.inside', { time: formatDate(v.checkInTime, 'time') })}</div>}
        </>
      ),
    },
  ];
  if (admin) columns.push({ id: 'host', header: t('table.host'), cell: (v) => v.host?.name ?? '—' });
  columns.push(
    { id: 'unit', header: t('table.unit'), cell: (v) => (v.unitNumber ? `${v.unitNumber} · ${v.propertyName}` : v.propertyName) },
    { id: 'type', header: t('table.type'), cell: (v) => <VisitTypeBadge type={v.visitType} /> },
    { id: 'status', header: t('table.status'), cell: (v) => <VisitorStatusBadge status={v.status} /> },
  );
  return columns;
}

/** A row's "…" menu: send the pass, check in/out (administrators), cancel (with confirmation). */
export function VisitorActions({ visitor, onShare, onEdit }: { visitor: VisitorView; onShare: (visitor: VisitorView) => void; onEdit: (visitor: VisitorView) => void }) {
  const { t } = useTranslation('visitors');
  const check = useCheck();
  const patch = usePatchVisitor();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const failed = (error: unknown) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' });
  const actions: RowAction[] = [];
  if (visitor.actions.includes('share')) actions.push({ label: t('actions.share'), icon: Send, onClick: () => onShare(visitor) });
  if (visitor.actions.includes('edit')) actions.push({ label: t('actions.edit'), icon: Pencil, onClick: () => onEdit(visitor) });
  if (visitor.actions.includes('checkIn'))
    actions.push({ label: t('actions.checkIn'), icon: LogIn, onClick: () => check.mutate({ id: visitor.id, direction: 'in' }, { onSuccess: () => toast({ title: t('desk.checkedIn'), variant: 'success' }), onError: failed }) });
  if (visitor.actions.includes('checkOut'))
    actions.push({ label: t('actions.checkOut'), icon: LogOut, onClick: () => check.mutate({ id: visitor.id, direction: 'out' }, { onSuccess: () => toast({ title: t('desk.checkedOut'), variant: 'success' }), onError: failed }) });
  if (visitor.actions.includes('cancel')) actions.push({ label: t('actions.cancel'), icon: Ban, danger: true, onClick: () => setCancelling(true) });
  if (!actions.length) return null;
  return (
    <>
      <RowActionsMenu name={visitor.name} actions={actions} testId="visitor-actions" />
      <ConfirmDialog
        show={cancelling}
        title={t('cancel.title', { name: visitor.name })}
        confirmLabel={t('cancel.confirm')}
        variant="danger"
        pending={patch.isPending}
        refusal={refusal}
        onCancel={() => {
          setCancelling(false);
          setRefusal(null);
        }}
        onConfirm={() =>
          patch.mutate(
            { id: visitor.id, status: 'cancelled', cancelledReason: reason || null, version: visitor.version },
            {
              onSuccess: () => {
                setCancelling(false);
                toast({ title: t('cancel.done'), variant: 'success' });
              },
              onError: (error) => setRefusal(errorMessage(error)),
            },
          )
        }
      >
        <p>{t('cancel.body')}</p>
        <Form.Group controlId={`cancel-reason-${visitor.id}`}>
          <Form.Label>{t('cancel.reason')}</Form.Label>
          <Form.Control value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        </Form.Group>
      </ConfirmDialog>
    </>
  );
}
