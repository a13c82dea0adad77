import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from '@client/lib/query-keys';
import { api } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';
import type { PROPERTY_IMAGE_TYPES, PropertyCreateInput } from '@shared/schemas/properties';
import { propertiesQueryKey, type Property } from './get-properties';
import { propertyQueryKey } from './get-property';

/** The fields the property form sends (POST and PATCH take the same). */
export type PropertyBody = Omit<PropertyCreateInput, 'organizationId'>;

/** What happens to the photo on save: keep it, replace it with a file, or remove it. */
export type PhotoChange = { kind: 'keep' } | { kind: 'set'; file: File } | { kind: 'remove' };

export type PropertyImageType = (typeof PROPERTY_IMAGE_TYPES)[number];

/** POST /api/properties: 201 with the property. */
export const createProperty = (body: PropertyBody) => api.post<Property>('/api/properties', body);

/** PATCH /api/properties/:id with the version the form was filled from. */
export const updateProperty = (id: number, body: PropertyBody, version?: number) => api.patch<Property>(`/api/properties/${id}`, { ...body, version });

/** DELETE /api/properties/:id (409 while payments or documents reference it). */
export const deleteProperty = (id: number) => api.delete<{ success: true }>(`/api/properties/${id}`);

/** PUT /api/properties/:id/image with the photo as base64 (the server checks its bytes). */
export const setPropertyImage = async (id: number, file: File) =>
  api.put<Property>(`/api/properties/${id}/image`, { fileType: file.type as PropertyImageType, content: await readAsBase64(file) });

/** DELETE /api/properties/:id/image */
export const removePropertyImage = (id: number) => api.delete<Property>(`/api/properties/${id}/image`);

/** Property lists, details, counts and the dashboard figures after a change. */
export function refreshProperties(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
  void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
}

/**
 * Saves the property, then its photo. A photo the server refuses does not undo the saved
 * fields: the error says so (`photoError`) and the property is answered as saved.
 */
async function saveProperty({ id, body, photo, version }: { id: number | null; body: PropertyBody; photo: PhotoChange; version?: number }) {
  let property = id === null ? await createProperty(body) : await updateProperty(id, body, version);
  try {
    if (photo.kind === 'set') property = await setPropertyImage(property.id, photo.file);
    if (photo.kind === 'remove' && property.image) property = await removePropertyImage(property.id);
    return { property, photoError: null };
  } catch (error) {
    return { property, photoError: error };
  }
}

export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProperty, onSettled: () => refreshProperties(queryClient) });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    onSuccess: (_answer, id) => {
      // Its details (units, amenities, users) are gone: refetching them would only answer 404.
      queryClient.removeQueries({ queryKey: propertyQueryKey(id) });
      refreshProperties(queryClient);
    },
  });
}
