import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { TEXT_LIMITS } from '@shared/limits';
import { BOOKINGS_PAGE_SIZE, useChangeBooking, type Booking, type PageQueryLike } from '../api/bookings';
import { BookingStatusBadge } from './StatusBadge';

/** Date and time of a booking in the organization's zone. */
export function useBookingWhen() {
  const formatDate = useFormatDate();
  return (booking: Booking) => `${formatDate(booking.startTime, 'day')}, ${formatDate(booking.startTime, 'time')} – ${formatDate(booking.endTime, 'time')}`;
}

/** Cancel (with a reason) or decline: asked first, the server's refusal shown in the dialog. */
export function CancelBookingDialog({ booking, decline, onClose }: { booking: Booking | null; decline?: boolean; onClose: () => void }) {
  const { t } = useTranslation('amenities');
  const change = useChangeBooking();
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setRefusal(null);
    onClose();
  };
  return (
    <ConfirmDialog
      show={booking !== null}
      title={decline ? t('actions.declineTitle') : t('actions.cancelTitle')}
      confirmLabel={decline ? t('actions.decline') : t('actions.cancelBooking')}
      variant="danger"
      pending={change.isPending}
      confirmDisabled={!reason.trim()}
      refusal={refusal}
      onCancel={close}
      onConfirm={() =>
        booking &&
        change.mutate(
          { id: booking.id, change: { status: 'cancelled', reason: reason.trim() } },
          {
            onSuccess: () => {
              toast({ title: decline ? t('actions.declined') : t('actions.cancelled'), description: booking.amenityName, variant: 'success' });
              close();
            },
            onError: (error) => setRefusal(errorMessage(error)),
          },
        )
      }
    >
      <Form.Group controlId="booking-cancel-reason">
        <Form.Label>{t('actions.reason')}</Form.Label>
        <Form.Control value={reason} maxLength={TEXT_LIMITS.line} onChange={(event) => setReason(event.target.value)} />
      </Form.Group>
    </ConfirmDialog>
  );
}

type ListProps = {
  query: PageQueryLike;
  page: number;
  onPage: (page: number) => void;
  manage: boolean;
  onReschedule: (booking: Booking) => void;
  filtered?: { title: string; onClear: () => void } | false;
  emptyAction?: React.ReactNode;
};

/** My reservations (cards with reschedule and cancel) or the administrators' table (approve, decline). */
export function BookingList({ query, page, onPage, manage, onReschedule, filtered, emptyAction }: ListProps) {
  const { t } = useTranslation('amenities');
  const when = useBookingWhen();
  const change = useChangeBooking();
  const [cancelling, setCancelling] = useState<{ booking: Booking; decline: boolean } | null>(null);
  const live = (booking: Booking) => (booking.status === 'pending' || booking.status === 'confirmed') && new Date(booking.endTime) > new Date();
  const approve = (booking: Booking) =>
    change.mutate(
      { id: booking.id, change: { status: 'confirmed' } },
      {
        onSuccess: () => toast({ title: t('actions.approved'), description: booking.amenityName, variant: 'success' }),
        onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  const columns: DataColumn<Booking>[] = [
    { id: 'amenity', header: t('table.amenity'), cell: (b) => b.amenityName, card: 'title' },
    { id: 'when', header: t('table.when'), cell: when },
    ...(manage ? [{ id: 'who', header: t('table.who'), cell: (b: Booking) => [b.userName, b.unitNumber && t('table.unit', { unit: b.unitNumber })].filter(Boolean).join(' · ') }] : []),
    { id: 'attendees', header: t('table.attendees'), cell: (b) => b.attendees ?? '' },
    { id: 'cost', header: t('table.cost'), cell: (b) => (b.totalCost || b.deposit ? formatMoney((b.totalCost ?? 0) + (b.deposit ?? 0)) : t('card.free')) },
    { id: 'status', header: t('table.status'), cell: (b) => <><BookingStatusBadge status={b.status} />{b.cancelReason && <small className="d-block text-body-secondary">{b.cancelReason}</small>}</> },
  ];
  return (
    <>
      <DataList
        columns={columns}
        query={query}
        rowKey={(b) => b.id}
        caption={manage ? t('tabs.manage') : t('tabs.mine')}
        cardActions="bottom"
        actions={(b) =>
          live(b) && (
            <div className="d-flex flex-wrap gap-2">
              {manage && b.status === 'pending' && (
                <Button size="sm" variant="success" onClick={() => approve(b)} disabled={change.isPending} aria-label={t('actions.approveLabel', { name: b.amenityName })}>
                  {t('actions.approve')}
                </Button>
              )}
              {manage && b.status === 'pending' ? (
                <Button size="sm" variant="outline-danger" onClick={() => setCancelling({ booking: b, decline: true })}>{t('actions.decline')}</Button>
              ) : (
                <Button size="sm" variant="outline-danger" onClick={() => setCancelling({ booking: b, decline: false })}>{t('actions.cancelBooking')}</Button>
              )}
              {new Date(b.startTime) > new Date() && (
                <Button size="sm" variant="outline-secondary" onClick={() => onReschedule(b)}>{t('actions.reschedule')}</Button>
              )}
            </div>
          )
        }
        errorTitle={t('errors.list')}
        empty={{ icon: CalendarX, title: manage ? t('empty.manageTitle') : t('empty.mineTitle'), description: manage ? t('empty.manageDescription') : t('empty.mineDescription'), action: emptyAction }}
        filtered={filtered && { title: filtered.title, onClear: filtered.onClear }}
        pagination={{ page, pageSize: BOOKINGS_PAGE_SIZE, onChange: onPage, label: t('pager.label') }}
        testId={manage ? 'bookings-manage' : 'bookings-mine'}
        rowTestId="booking-row"
      />
      <CancelBookingDialog booking={cancelling?.booking ?? null} decline={cancelling?.decline} onClose={() => setCancelling(null)} />
    </>
  );
}
