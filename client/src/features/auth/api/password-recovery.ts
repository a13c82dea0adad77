import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { TokenPurpose } from '@shared/enums';

/** POST /api/password/forgot: the same answer whether or not the account exists. */
export const requestPasswordReset = (input: { username: string }) => api.post<{ message: string }>('/api/password/forgot', input);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export type TokenDescription = { purpose: TokenPurpose; name: string; username: string; expiresAt: string; appName: string };

/** POST /api/password/token: whose link it is; 410 once used or expired. */
export const describeToken = (token: string) => api.post<TokenDescription>('/api/password/token', { token });

export const useTokenDescription = (token: string) =>
  useQuery({ queryKey: ['password-token', token], queryFn: () => describeToken(token), enabled: Boolean(token), retry: false });

/** POST /api/password/reset: the new password, through the link (every session of the account ends). */
export const resetPassword = (input: { token: string; password: string }) =>
  api.post<{ success: true; username: string }>('/api/password/reset', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
