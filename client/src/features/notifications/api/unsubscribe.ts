import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { EmailSwitch } from '@shared/notifications';

export type Subscription = { category: EmailSwitch; subscribed: boolean };

/** POST /api/unsubscribe/check: which category an email's link stops (410 for a bad link). */
export const checkUnsubscribe = (token: string) => api.post<Subscription>('/api/unsubscribe/check', { token });

export const useUnsubscribeCheck = (token: string) =>
  useQuery({ queryKey: ['unsubscribe', token], queryFn: () => checkUnsubscribe(token), enabled: Boolean(token), retry: false });

/** POST /api/unsubscribe: that category's email off for the link's user. */
export const unsubscribe = (token: string) => api.post<Subscription>('/api/unsubscribe', { token });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
