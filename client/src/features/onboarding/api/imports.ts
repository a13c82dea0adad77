import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { ImportKind, ImportStatus, RowOutcome } from '@shared/onboarding';

/** One row of an import as previewed (server/commands/imports/imports.ts): its line in the file, outcome, cells, errors by field. */
export type ImportRow = { row: number; outcome: RowOutcome; values: Record<string, string>; errors?: Record<string, string> };
export type ImportTotals = Record<RowOutcome, number> & { rows: number };
export type ImportField = { field: string; header: string; required: boolean };

/** An import as GET /api/imports/:id answers it (messages in the user's language). */
export type Import = {
  id: number;
  kind: ImportKind;
  propertyId: number;
  fileName: string;
  sheet: string | null;
  sheets?: string[];
  status: ImportStatus;
  /** 0 to 100 while the worker applies it. */
  progress: number | null;
  failure: string | null;
  columns: string[];
  mapping: Record<string, number | null>;
  fields: ImportField[];
  totals: ImportTotals;
  rows: ImportRow[];
  appliedAt: string | null;
  createdAt: string;
};

export type ImportFile = { fileName: string; fileType?: string; content: string };

export const importQueryKey = (id: number) => ['imports', id] as const;

/** POST /api/imports: the file read and previewed (dry run, 201). */
export const createImport = (body: { kind: ImportKind; propertyId: number; file: ImportFile; sheet?: string }) => api.post<Import>('/api/imports', body);

/** PATCH /api/imports/:id: another column mapping, previewed again. */
export const remapImport = (id: number, mapping: Record<string, number | null>) => api.patch<Import>(`/api/imports/${id}`, { mapping });

/** POST /api/imports/:id/apply (202): applied now, or by the worker (`applying`, with live progress). */
export const applyImport = (id: number, body: { mode: 'all' | 'valid'; invite: boolean }) => api.post<Import>(`/api/imports/${id}/apply`, body);

export const getImport = (id: number) => api.get<Import>(`/api/imports/${id}`);

/** The import, asked again every 2 s while the worker applies it (live events also refresh it). */
export const useImport = (id: number | null) =>
  useQuery({
    queryKey: importQueryKey(id ?? 0),
    queryFn: () => getImport(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? 2000 : false),
  });

export const templatePath = (kind: ImportKind, format: 'csv' | 'xlsx') => `/api/imports/templates/${kind}.${format}`;
export const errorsCsvPath = (id: number) => `/api/imports/${id}/errors.csv`;
