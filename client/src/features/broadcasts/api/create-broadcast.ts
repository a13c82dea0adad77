import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { BroadcastSendInput } from '@shared/schemas/broadcasts';
import { broadcastListsKey, type Broadcast } from './get-broadcasts';

/** POST /api/broadcasts: the same broadcast to each property of `propertyIds`, all or none (201 with one broadcast per property). */
export const createBroadcasts = (input: BroadcastSendInput) => api.post<Broadcast[]>('/api/broadcasts', input);

export function useCreateBroadcasts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBroadcasts,
    onSuccess: (broadcasts) =>
      Promise.all(broadcasts.map((broadcast) => queryClient.invalidateQueries({ queryKey: broadcastListsKey(broadcast.propertyId) }))),
  });
}
