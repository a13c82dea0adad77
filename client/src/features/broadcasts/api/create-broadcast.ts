import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { BroadcastCreateInput } from '@shared/schemas/broadcasts';
import { broadcastListsKey, type Broadcast } from './get-broadcasts';

/** POST /api/properties/:propertyId/broadcasts (201 with the broadcast). */
export const createBroadcast = ({ propertyId, ...input }: BroadcastCreateInput & { propertyId: number }) =>
  api.post<Broadcast>(`/api/properties/${propertyId}/broadcasts`, input);

export function useCreateBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBroadcast,
    onSuccess: (broadcast) => queryClient.invalidateQueries({ queryKey: broadcastListsKey(broadcast.propertyId) }),
  });
}
