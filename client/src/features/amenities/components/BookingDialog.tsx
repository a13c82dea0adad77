import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Col, Form, Modal, Row, Spinner } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { usePropertyResidents } from '@client/lib/property-residents';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { errorMessage } from '@client/lib/api';
import { isAdministrator } from '@shared/permissions';
import { formatMoney, useFormatDate, useFormatDuration } from '@client/lib/format';
import { bookingCost } from '@shared/bookings';
import { addDays, dayStart, todayThere, zonedParts } from '@shared/time';
import { TEXT_LIMITS } from '@shared/limits';
import { useAvailability, useChangeBooking, useCreateBooking, type Amenity, type Booking, type Slot } from '../api/bookings';
import { fullName } from '@shared/format';

type BookingDialogProps = { amenity: Amenity | null; booking?: Booking | null; show: boolean; onClose: () => void };

/** Reserve (or reschedule): a week of free and taken slots that follows live, then the details, rules and cost. */
export function BookingDialog({ amenity, booking, show, onClose }: BookingDialogProps) {
  const { t } = useTranslation('amenities');
  return (
    <Modal show={show} onHide={onClose} size="lg" fullscreen="sm-down" aria-labelledby="booking-dialog-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="booking-dialog-title" as="h2" className="h5">
          {booking ? t('booking.rescheduleTitle', { name: amenity?.name }) : t('booking.title', { name: amenity?.name })}
        </Modal.Title>
      </Modal.Header>
      {amenity && <BookingForm key={`${amenity.id}-${booking?.id ?? 'new'}`} amenity={amenity} booking={booking ?? null} onClose={onClose} />}
    </Modal>
  );
}

/** The details of a booking; the slot is picked on the calendar. */
type BookingValues = { length: number; attendees: string; purpose: string; userId: string };

function BookingForm({ amenity, booking, onClose }: { amenity: Amenity; booking: Booking | null; onClose: () => void }) {
  const { t } = useTranslation('amenities');
  const formatDate = useFormatDate();
  const formatDuration = useFormatDuration();
  const [weekStart, setWeekStart] = useState(todayThere());
  const [day, setDay] = useState(todayThere());
  const [start, setStart] = useState<string | null>(null);
  const { register, handleSubmit, control } = useForm<BookingValues>({
    defaultValues: { length: 1, attendees: booking?.attendees ? String(booking.attendees) : '1', purpose: '', userId: '' },
  });
  const length = useWatch({ control, name: 'length' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const admin = isAdministrator(useCurrentUser());
  const from = useMemo(() => dayStart(weekStart), [weekStart]);
  const to = useMemo(() => dayStart(addDays(weekStart, 7)), [weekStart]);
  const slots = useAvailability(amenity.id, from, to);
  const create = useCreateBooking();
  const change = useChangeBooking();
  const pending = create.isPending || change.isPending;

  const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
  // A week's first day is its first selected day; the calendar goes no earlier than today.
  const showWeek = (first: string) => {
    const next = first < todayThere() ? todayThere() : first;
    setWeekStart(next);
    setDay(next);
    setStart(null);
  };
  const ofDay = (slots.data ?? []).filter((slot) => zonedParts(new Date(slot.start)).day === day);
  const chosen = start ? ofDay.findIndex((slot) => slot.start === start) : -1;
  const picked = chosen >= 0 ? ofDay.slice(chosen, chosen + length) : [];
  const end = picked.length === length ? picked[picked.length - 1].end : null;
  const cost = start && end ? bookingCost(amenity.hourlyRate, new Date(start), new Date(end)) : 0;
  const isMineSlot = (slot: Slot) => booking && slot.start < booking.endTime && slot.end > booking.startTime;
  const usable = (slot: Slot) => slot.bookable && (slot.free || Boolean(isMineSlot(slot)));

  // The server checks the booking against the amenity's rules; its refusal shows in the dialog.
  const submit = handleSubmit(({ attendees, purpose, userId }) => {
    if (!start || !end) return;
    setRefusal(null);
    const done = {
      onSuccess: (saved: Booking) => {
        toast({
          title: booking ? t('booking.rescheduled') : saved.status === 'pending' ? t('booking.requested') : t('booking.confirmed'),
          description: `${amenity.name}: ${formatDate(saved.startTime)}`,
          variant: 'success',
        });
        onClose();
      },
      onError: (error: unknown) => setRefusal(errorMessage(error)),
    };
    if (booking) change.mutate({ id: booking.id, change: { startTime: start, endTime: end } }, done);
    else create.mutate({ amenityId: amenity.id, body: { startTime: start, endTime: end, attendees: Number(attendees) || 0, purpose: purpose || undefined, userId: userId ? Number(userId) : undefined } }, done);
  });

  const rules = [
    amenity.requiresApproval ? t('rules.approval') : t('rules.instant'),
    amenity.exclusive ? t('rules.exclusive') : t('rules.shared', { count: amenity.capacity }),
    amenity.minNoticeHours ? t('rules.notice', { count: amenity.minNoticeHours }) : null,
    t('rules.advance', { count: amenity.maxAdvanceDays }),
    amenity.maxPerUnitPerMonth ? t('rules.monthly', { count: amenity.maxPerUnitPerMonth }) : null,
    amenity.cancelHoursBefore ? t('rules.cancel', { count: amenity.cancelHoursBefore }) : t('rules.cancelAnytime'),
    amenity.bufferMinutes ? t('rules.buffer', { duration: formatDuration(amenity.bufferMinutes) }) : null,
    amenity.blockIfOverdue ? t('rules.overdue') : null,
  ].filter(Boolean);

  return (
    <Form noValidate onSubmit={submit} aria-label={t('booking.formLabel')}>
      <Modal.Body>
        <div className="d-flex align-items-center justify-content-between mb-2">
          <Button variant="outline-secondary" size="sm" disabled={weekStart <= todayThere()} onClick={() => showWeek(addDays(weekStart, -7))} aria-label={t('calendar.previous')}>
            <ChevronLeft size={16} aria-hidden />
          </Button>
          <span className="fw-semibold">{t('calendar.week', { from: formatDate(weekStart, 'day') })}</span>
          <Button variant="outline-secondary" size="sm" onClick={() => showWeek(addDays(weekStart, 7))} aria-label={t('calendar.next')}>
            <ChevronRight size={16} aria-hidden />
          </Button>
        </div>
        <ButtonGroup className="d-flex flex-wrap mb-3" role="group" aria-label={t('calendar.days')}>
          {days.map((value) => (
            <Button key={value} variant={value === day ? 'primary' : 'outline-primary'} size="sm" aria-pressed={value === day} onClick={() => { setDay(value); setStart(null); }}>
              {formatDate(value, 'dayButton')}
            </Button>
          ))}
        </ButtonGroup>
        {slots.isPending ? (
          <Loading />
        ) : slots.isError ? (
          <Alert variant="danger">{errorMessage(slots.error)}</Alert>
        ) : ofDay.length === 0 ? (
          <p className="text-body-secondary">{t('calendar.closed')}</p>
        ) : (
          <div className="booking-slots d-grid gap-2 mb-3" role="group" aria-label={t('calendar.slots')} data-testid="booking-slots">
            {ofDay.map((slot) => {
              const state = isMineSlot(slot) ? 'mine' : !slot.free ? 'taken' : slot.bookable ? 'free' : 'closed';
              const selected = picked.some((p) => p.start === slot.start);
              return (
                <Button
                  key={slot.start}
                  variant={selected ? 'primary' : state === 'free' || state === 'mine' ? 'outline-success' : 'outline-secondary'}
                  disabled={!usable(slot)}
                  aria-pressed={selected}
                  data-testid="slot"
                  data-start={slot.start}
                  data-state={state}
                  onClick={() => setStart(slot.start)}
                >
                  <span className="d-block fw-semibold">{formatDate(slot.start, 'time')}</span>
                  <small>
                    {state === 'taken' ? t('calendar.taken') : state === 'closed' ? t('calendar.unavailable') : state === 'mine' ? t('calendar.current') : slot.remaining === null || amenity.exclusive ? t('calendar.free') : t('calendar.remaining', { count: slot.remaining })}
                  </small>
                </Button>
              );
            })}
          </div>
        )}
        {slots.isFetching && !slots.isPending && <Spinner size="sm" className="ms-1" role="status" aria-label={t('common:status.loading')} />}
        <Row className="g-3 mb-3">
          <Col xs={6}>
            <Form.Group controlId="booking-length">
              <Form.Label>{t('booking.length')}</Form.Label>
              <Form.Select {...register('length', { valueAsNumber: true })}>
                {[1, 2, 3, 4].map((count) => (
                  <option key={count} value={count}>
                    {formatDuration(count * amenity.slotMinutes)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          {!booking && (
            <Col xs={6}>
              <Form.Group controlId="booking-attendees">
                <Form.Label>{t('booking.attendees')}</Form.Label>
                <Form.Control type="number" min={1} max={amenity.capacity || undefined} inputMode="numeric" {...register('attendees')} />
              </Form.Group>
            </Col>
          )}
        </Row>
        {!booking && admin && <Controller control={control} name="userId" render={({ field }) => <BookFor propertyId={amenity.propertyId} value={field.value} onChange={field.onChange} />} />}
        {!booking && (
          <Form.Group controlId="booking-purpose" className="mb-3">
            <Form.Label>{t('booking.purpose')}</Form.Label>
            <Form.Control maxLength={TEXT_LIMITS.line} {...register('purpose')} />
          </Form.Group>
        )}
        <section aria-labelledby="booking-rules-title" className="border rounded p-3 bg-body-tertiary">
          <h3 id="booking-rules-title" className="h6">{t('rules.title')}</h3>
          <ul className="mb-2 small">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <p className="mb-0" data-testid="booking-cost">
            {start && end
              ? t('booking.summary', { when: `${formatDate(start)} – ${formatDate(end, 'time')}`, cost: formatMoney(cost) })
              : t('booking.pickSlot')}
            {amenity.deposit > 0 && ` ${t('booking.deposit', { amount: formatMoney(amenity.deposit) })}`}
          </p>
        </section>
        {refusal && (
          <Alert variant="danger" className="mt-3 mb-0" data-testid="booking-refusal">
            {refusal}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={pending} pendingLabel={t('common:status.saving')} disabled={!start || !end}>
          {booking ? t('booking.reschedule') : t('booking.confirm')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}

/** Administrators book for a resident of the property (searched by name), or for the administration. */
function BookFor({ propertyId, value, onChange }: { propertyId: number; value: string; onChange: (userId: string) => void }) {
  const { t } = useTranslation('amenities');
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q, 300);
  const residents = usePropertyResidents(propertyId, { q: search, page: 1 });
  return (
    <Row className="g-3 mb-3">
      <Col sm={6}>
        <Form.Group controlId="booking-for-search">
          <Form.Label>{t('booking.searchResident')}</Form.Label>
          <Form.Control type="search" value={q} maxLength={TEXT_LIMITS.search} onChange={(event) => setQ(event.target.value)} />
        </Form.Group>
      </Col>
      <Col sm={6}>
        <Form.Group controlId="booking-for">
          <Form.Label>{t('booking.bookFor')}</Form.Label>
          <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('booking.forAdministration')}</option>
            {(residents.data?.items ?? []).map((resident) => (
              <option key={resident.id} value={String(resident.userId)}>
                {fullName(resident.name, resident.lastName)}
                {resident.unitNumber ? ` · ${resident.unitNumber}` : ''}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
    </Row>
  );
}
