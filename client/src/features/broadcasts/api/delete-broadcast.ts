import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { broadcastListsKey, type Broadcast } from './get-broadcasts';

/** DELETE /api/broadcasts/:id (204, no body). */
export const deleteBroadcast = (broadcast: Pick<Broadcast, 'id' | 'propertyId'>) => api.delete<void>(`/api/broadcasts/${broadcast.id}`);

export function useDeleteBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBroadcast,
    onSuccess: (_, broadcast) => queryClient.invalidateQueries({ queryKey: broadcastListsKey(broadcast.propertyId) }),
  });
}
