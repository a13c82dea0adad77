import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { api, withQuery } from '@client/lib/api';
import { BOOKING_STATUSES } from '@shared/enums';
import type { Amenity } from '@client/lib/types/amenity';

export type { Amenity };
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking as the API answers it (server/presenters/booking.ts): others' bookings carry times only. */
export type Booking = {
  id: number;
  amenityId: number;
  amenityName: string;
  propertyId: number;
  startTime: string;
  endTime: string;
  status: BookingStatus;
  mine: boolean;
  userId?: number;
  userName?: string | null;
  unitNumber?: string | null;
  attendees?: number;
  purpose?: string | null;
  notes?: string | null;
  totalCost?: number;
  deposit?: number;
  cancelReason?: string | null;
};

export type Slot = { start: string; end: string; free: boolean; remaining: number | null; bookable: boolean };

export const BOOKINGS_PAGE_SIZE = 10;

/** Every booking read lives under this key: a live booking event refreshes them all. */
export const bookingsQueryKey = () => ['bookings'] as const;

/** GET /api/amenities: the catalogue of every property the user reads. */
export const useAmenityCatalog = (q: string) =>
  useQuery({ queryKey: ['amenities', 'catalog', q] as const, queryFn: () => api.get<Amenity[]>(withQuery('/api/amenities', { q: q.trim() || undefined })) });

export const useAvailability = (amenityId: number | null, from: Date, to: Date) =>
  useQuery({
    queryKey: [...bookingsQueryKey(), 'availability', amenityId, from.toISOString(), to.toISOString()] as const,
    queryFn: () => api.get<Slot[]>(withQuery(`/api/amenities/${amenityId}/availability`, { from: from.toISOString(), to: to.toISOString() })),
    enabled: amenityId !== null,
    placeholderData: keepPreviousData,
  });

const availabilityQuery = (amenityId: number, from: Date, to: Date) => ({
  queryKey: [...bookingsQueryKey(), 'availability', amenityId, from.toISOString(), to.toISOString()] as const,
  queryFn: () => api.get<Slot[]>(withQuery(`/api/amenities/${amenityId}/availability`, { from: from.toISOString(), to: to.toISOString() })),
});

/**
 * Whether each bookable amenity still has a free slot today (from now to the end of the day in
 * the organization's zone): the cards' Available / Fully booked badge and filter. Unknown
 * (undefined) while loading.
 */
export function useFreeToday(amenities: Amenity[], from: Date, to: Date) {
  const results = useQueries({
    queries: amenities.map((amenity) => ({ ...availabilityQuery(amenity.id, from, to), enabled: amenity.isBookable })),
  });
  return new Map(amenities.map((amenity, index) => [amenity.id, results[index].data?.some((slot) => slot.free && slot.bookable)]));
}

/** The administrators' list filters, kept in the URL. */
export const BOOKING_FILTERS = {
  tab: param.oneOf(['amenities', 'mine', 'manage'], 'amenities'),
  q: param.text,
  status: param.oneOf(BOOKING_STATUSES),
  amenityId: param.id,
  from: param.day,
};
export type BookingFilters = FiltersOf<typeof BOOKING_FILTERS>;

export const useBookingList = (query: Record<string, string | number | boolean | null | undefined>, page: number, enabled = true) =>
  useQuery({
    queryKey: [...bookingsQueryKey(), 'list', query, page] as const,
    queryFn: () => api.page<Booking>(withQuery('/api/bookings', { ...query, limit: BOOKINGS_PAGE_SIZE, offset: (page - 1) * BOOKINGS_PAGE_SIZE })),
    placeholderData: keepPreviousData,
    enabled,
  });

export type BookingBody = { startTime: string; endTime: string; attendees: number; purpose?: string; notes?: string; userId?: number };
export type BookingChange = { status: 'confirmed' } | { status: 'cancelled'; reason: string } | { startTime: string; endTime: string };

function useRefreshBookings() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: bookingsQueryKey() });
}

export function useCreateBooking() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: ({ amenityId, body }: { amenityId: number; body: BookingBody }) => api.post<Booking>(`/api/amenities/${amenityId}/bookings`, body),
    onSuccess: refresh,
  });
}

export function useChangeBooking() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: BookingChange }) => api.patch<Booking>(`/api/bookings/${id}`, change),
    onSuccess: refresh,
  });
}

/** What BookingList needs of the list's query. */
export type PageQueryLike = ReturnType<typeof useBookingList>;
