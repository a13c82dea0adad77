import { useMutation } from '@tanstack/react-query';
import { api, saveFile, withQuery } from '@client/lib/api';
import { residentFilterQuery, type ResidentFilters } from './get-residents';

/** GET /api/residents/export: the filtered directory (every page) as CSV, saved as a file. */
export async function exportResidents(filters: Omit<ResidentFilters, 'page'>) {
  const { blob, fileName } = await api.file(withQuery('/api/residents/export', residentFilterQuery(filters)));
  saveFile(blob, fileName ?? 'residentes.csv');
}

export const useExportResidents = () => useMutation({ mutationFn: exportResidents });
