import { useMutation } from '@tanstack/react-query';
import { api, saveFile } from '@client/lib/api';

/** GET /api/user/export: everything kept about the user, saved as a JSON file. */
export async function exportAccount() {
  const { blob, fileName } = await api.file('/api/user/export');
  saveFile(blob, fileName ?? 'vecindad-datos.json');
}

export const useExportAccount = () => useMutation({ mutationFn: exportAccount });
