import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { LoginInput } from '@shared/schemas/auth';
import type { User } from '@client/lib/auth';
import { startSession } from '@client/lib/session';

/** POST /api/login */
export const login = (input: LoginInput) => api.post<User>('/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (user) => startSession(queryClient, user) });
}
