import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { DocumentCategoryCount } from '@shared/schemas/documents';
import { documentsQueryKey } from './get-documents';

/** GET /api/documents/categories: every category with the number of documents the user may read. */
export const getDocumentCategories = () => api.get<DocumentCategoryCount[]>('/api/documents/categories');

export const documentCategoriesQueryKey = () => [...documentsQueryKey(), 'categories'] as const;

export const documentCategoriesQueryOptions = () =>
  queryOptions({ queryKey: documentCategoriesQueryKey(), queryFn: getDocumentCategories });

export const useDocumentCategories = () => useQuery(documentCategoriesQueryOptions());
