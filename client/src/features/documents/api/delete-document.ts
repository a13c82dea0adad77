import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from '@client/lib/query-keys';
import { api } from '@client/lib/api';
import type { DocumentItem } from '@shared/schemas/documents';
import { documentsQueryKey } from './get-documents';

/** DELETE /api/documents/:id (the uploader or an administrator; 403 otherwise). */
export const deleteDocument = (document: Pick<DocumentItem, 'id'>) => api.delete<void>(`/api/documents/${document.id}`);

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQueryKey() }),
        queryClient.invalidateQueries({ queryKey: dashboardQueryKey() }),
      ]),
  });
}
