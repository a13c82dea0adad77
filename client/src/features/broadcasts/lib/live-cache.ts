import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/events';
import type { BroadcastEventPayload } from '@shared/schemas/broadcasts';
import { activeBroadcastsQueryKey } from '../api/get-active-broadcasts';
import { broadcastListsKey, type Broadcast } from '../api/get-broadcasts';

export const isBroadcastEvent = (event: LiveEvent): event is LiveEvent & { payload: BroadcastEventPayload } =>
  event.type.startsWith('broadcast.') && typeof (event.payload as Partial<BroadcastEventPayload>).broadcast?.id === 'number';

/** The broadcast after a created or updated event, unless an event of a later version came first. */
function upsert(list: Broadcast[], broadcast: Broadcast): Broadcast[] {
  const current = list.find((item) => item.id === broadcast.id);
  if (current && Date.parse(current.updatedAt) > Date.parse(broadcast.updatedAt)) return list;
  return [broadcast, ...list.filter((item) => item.id !== broadcast.id)];
}

/**
 * Applies a broadcast event to the banner's cached list of its property, from the payload
 * alone (no request: every resident of the property receives it at once). Broadcasts that
 * start later stay in the list and show at their start date. Lists not in the cache are left
 * alone; a reconnect refetches everything anyway.
 */
export function applyToActiveList(queryClient: QueryClient, event: LiveEvent & { payload: BroadcastEventPayload }) {
  const { broadcast } = event.payload;
  const stillShown = (event.type === 'broadcast.created' || event.type === 'broadcast.updated') && broadcast.status === 'active';
  queryClient.setQueryData<Broadcast[]>(activeBroadcastsQueryKey(broadcast.propertyId), (list) => {
    if (!list) return list;
    return stillShown ? upsert(list, broadcast) : list.filter((item) => item.id !== broadcast.id);
  });
}

/** The screen's pages of the event's property are paged and filtered: they are refetched. */
export const refetchLists = (queryClient: QueryClient, event: LiveEvent & { payload: BroadcastEventPayload }) =>
  queryClient.invalidateQueries({ queryKey: broadcastListsKey(event.payload.broadcast.propertyId) });
