import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@client/lib/download';

/** GET /api/user/export: everything kept about the user, saved as a JSON file. */
export const exportAccount = () => downloadFile({ path: '/api/user/export', fileName: 'vecindad-datos.json' });

export const useExportAccount = () => useMutation({ mutationFn: exportAccount });
