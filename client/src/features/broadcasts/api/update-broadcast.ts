import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { BroadcastUpdateInput } from '@shared/schemas/broadcasts';
import { broadcastListsKey, type Broadcast } from './get-broadcasts';

/** PATCH /api/broadcasts/:id (with the version the form was filled from). */
export const updateBroadcast = ({ id, ...input }: BroadcastUpdateInput & { id: number }) =>
  api.patch<Broadcast>(`/api/broadcasts/${id}`, input);

export function useUpdateBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBroadcast,
    onSuccess: (broadcast) => queryClient.invalidateQueries({ queryKey: broadcastListsKey(broadcast.propertyId) }),
  });
}
