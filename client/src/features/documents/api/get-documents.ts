import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { api, withQuery } from '@client/lib/api';
import { DOCUMENT_CATEGORIES, DOCUMENT_SHOW } from '@shared/enums';
import type { DocumentItem } from '@shared/schemas/documents';

/** Spec section 9: the documents table shows five per page. */
export const DOCUMENTS_PAGE_SIZE = 5;

export type DocumentShow = (typeof DOCUMENT_SHOW)[number];
export type DocumentCategory = DocumentItem['category'];

/** The table's filters as the URL keeps them (`?q=&category=&show=`), for useListFilters. */
export const DOCUMENT_FILTERS = {
  q: param.text,
  category: param.oneOf(DOCUMENT_CATEGORIES),
  show: param.oneOf(DOCUMENT_SHOW, 'all'),
};

/** What the table shows: the Show select, category, title search and page (1-based). */
export type DocumentFilters = FiltersOf<typeof DOCUMENT_FILTERS> & { page: number };

/** GET /api/documents: one page of the documents the user may read, newest first, and the total. */
export const getDocuments = ({ show, category, q, page }: DocumentFilters) =>
  api.page<DocumentItem>(
    withQuery('/api/documents', {
      show: show === 'all' ? undefined : show,
      category,
      q: q.trim(),
      limit: DOCUMENTS_PAGE_SIZE,
      offset: (page - 1) * DOCUMENTS_PAGE_SIZE,
    }),
  );

/** Everything the documents screen loads lives under this key (list pages and category counts). */
export const documentsQueryKey = () => ['documents'] as const;

export const documentListQueryKey = (filters: DocumentFilters) => [...documentsQueryKey(), 'list', filters] as const;

export const documentListQueryOptions = (filters: DocumentFilters) =>
  // The previous page stays on screen while the next one loads (no flash of the spinner).
  queryOptions({ queryKey: documentListQueryKey(filters), queryFn: () => getDocuments(filters), placeholderData: keepPreviousData });

export const useDocuments = (filters: DocumentFilters) => useQuery(documentListQueryOptions(filters));
