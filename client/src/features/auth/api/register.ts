import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { currentLanguage } from '@client/lib/i18n';
import type { RegisterInput } from '@shared/schemas/auth';
import type { User } from '@client/lib/auth';
import { startSession } from '@client/lib/session';

/** POST /api/register (the form's confirmation field is not sent). */
export const register = (input: RegisterInput) => api.post<User>('/api/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const user = await register(input);
      // Keep the language the person registered in (the account starts in Spanish).
      const language = currentLanguage();
      if (user.language === language) return user;
      return api.put<User>('/api/user/preferences', { language }).catch(() => user);
    },
    onSuccess: (user) => startSession(queryClient, user),
  });
}
