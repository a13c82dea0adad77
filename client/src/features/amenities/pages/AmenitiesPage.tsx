import { useMemo, useState } from 'react';
import { Button, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { PageHeader } from '@client/components/PageHeader';
import { lazyDialog } from '@client/components/lazy-dialog';
import { useCurrentUser } from '@client/lib/auth';
import { usePropertyOptions } from '@client/lib/property-options';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { BOOKING_STATUSES } from '@shared/enums';
import { isAdministrator } from '@shared/permissions';
import { addDays, dayStart, todayThere } from '@shared/time';
import { BOOKING_FILTERS, BOOKINGS_PAGE_SIZE, useAmenityCatalog, useBookingList, useFreeToday, type Amenity, type Booking } from '../api/bookings';
import { AmenityCards, openNow } from '../components/AmenityCards';
import { BookingList } from '../components/BookingLists';
import { useBookingsLive } from '../lib/live';
import '../amenities.css';

// The booking form loads when first opened (components/lazy-dialog.tsx).
const BookingDialog = lazyDialog(() => import('../components/BookingDialog').then((m) => m.BookingDialog), (p) => p.show);

type Availability = 'all' | 'now' | 'full';

/**
 * /amenities: the catalogue (search, availability filter, cards with Reserve), my reservations
 * (reschedule, cancel) and, for administrators, every booking with approve/decline and filters.
 * The tab and filters live in the URL; everything follows live.
 */
export default function AmenitiesPage() {
  const { t } = useTranslation('amenities');
  const user = useCurrentUser();
  const admin = isAdministrator(user);
  const list = useListFilters(BOOKING_FILTERS);
  const { filters } = list;
  const tab = filters.tab === 'manage' && !admin ? 'amenities' : filters.tab;
  const [availability, setAvailability] = useState<Availability>('all');
  const [reserving, setReserving] = useState<{ amenity: Amenity; booking: Booking | null } | null>(null);
  useBookingsLive();

  const catalog = useAmenityCatalog(tab === 'amenities' ? filters.q : '');
  const properties = usePropertyOptions('');
  const propertyNames = useMemo(() => new Map((properties.data?.items ?? []).map((p) => [p.id, p.name])), [properties.data]);
  // Today's remaining slots, from the minute the screen opened (refreshed live with the rest).
  const [today] = useState(() => ({ from: new Date(), to: dayStart(addDays(todayThere(), 1)) }));
  const freeToday = useFreeToday(catalog.data ?? [], today.from, today.to);
  const amenities = (catalog.data ?? []).filter(
    (a) => availability === 'all' || (availability === 'now' ? openNow(a) && freeToday.get(a.id) === true : a.isBookable && freeToday.get(a.id) === false),
  );

  const listQuery =
    tab === 'mine'
      ? { mine: true, from: dayStart(todayThere()).toISOString() }
      : { status: filters.status, amenityId: filters.amenityId, from: filters.from ? dayStart(filters.from).toISOString() : undefined };
  const bookings = useBookingList(listQuery, list.page, tab !== 'amenities');
  useKeepPageInRange(list, bookings, BOOKINGS_PAGE_SIZE);
  const reschedule = (booking: Booking) => {
    const amenity = catalog.data?.find((a) => a.id === booking.amenityId);
    if (amenity) setReserving({ amenity, booking });
  };
  const tabs = [
    { value: 'amenities', label: t('tabs.amenities') },
    { value: 'mine', label: t('tabs.mine') },
    ...(admin ? [{ value: 'manage', label: t('tabs.manage') }] : []),
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={tab !== 'mine' && <Button variant="outline-primary" onClick={() => list.update({ tab: 'mine' })}>{t('tabs.myButton')}</Button>}
      />
      <Nav variant="tabs" className="mb-3" activeKey={tab} onSelect={(key) => list.update({ tab: (key ?? 'amenities') as typeof tab, status: null, amenityId: null, from: null, q: '' })} aria-label={t('tabs.label')}>
        {tabs.map((item) => (
          <Nav.Item key={item.value}>
            <Nav.Link eventKey={item.value} data-testid={`tab-${item.value}`}>{item.label}</Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {tab === 'amenities' && (
        <>
          <ListToolbar
            label={t('toolbar.label')}
            search={{ value: filters.q, onChange: (q) => list.update({ q }), label: t('toolbar.search'), placeholder: t('toolbar.searchPlaceholder') }}
            inlineFilters
            filters={
              <FilterSelect
                label={t('toolbar.availability')}
                value={availability}
                options={(['all', 'now', 'full'] as const).map((value) => ({ value, label: t(`toolbar.availabilityOptions.${value}`) }))}
                onChange={(value) => setAvailability(value ?? 'all')}
              />
            }
          />
          <AmenityCards
            amenities={amenities}
            isPending={catalog.isPending}
            error={catalog.error}
            onRetry={() => void catalog.refetch()}
            propertyNames={propertyNames}
            freeToday={freeToday}
            onReserve={(amenity) => setReserving({ amenity, booking: null })}
          />
        </>
      )}
      {tab === 'mine' && (
        <BookingList
          query={bookings}
          page={list.page}
          onPage={list.setPage}
          manage={false}
          onReschedule={reschedule}
          emptyAction={<Button onClick={() => list.update({ tab: 'amenities' })}>{t('empty.makeReservation')}</Button>}
        />
      )}
      {tab === 'manage' && (
        <>
          <ListToolbar
            label={t('toolbar.manageLabel')}
            inlineFilters
            activeFilters={[filters.status, filters.amenityId, filters.from].filter(Boolean).length}
            onClear={() => list.update({ status: null, amenityId: null, from: null })}
            filters={
              <>
                <FilterSelect
                  label={t('toolbar.status')}
                  emptyLabel={t('toolbar.allStatuses')}
                  value={filters.status}
                  options={BOOKING_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
                  onChange={(status) => list.update({ status })}
                />
                <FilterSelect
                  label={t('toolbar.amenity')}
                  emptyLabel={t('toolbar.allAmenities')}
                  value={filters.amenityId === null ? null : String(filters.amenityId)}
                  options={(catalog.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                  onChange={(value) => list.update({ amenityId: value === null ? null : Number(value) })}
                />
                <div>
                  <label htmlFor="bookings-from" className="form-label">{t('toolbar.from')}</label>
                  <input id="bookings-from" type="date" className="form-control" value={filters.from ?? ''} onChange={(event) => list.update({ from: event.target.value || null })} />
                </div>
              </>
            }
          />
          <BookingList
            query={bookings}
            page={list.page}
            onPage={list.setPage}
            manage
            onReschedule={reschedule}
            filtered={Boolean(filters.status || filters.amenityId || filters.from) && { title: t('empty.filteredTitle'), onClear: () => list.update({ status: null, amenityId: null, from: null }) }}
          />
        </>
      )}
      <BookingDialog amenity={reserving?.amenity ?? null} booking={reserving?.booking} show={reserving !== null} onClose={() => setReserving(null)} />
    </>
  );
}
