import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@client/lib/api';
import { runMutation } from '@client/lib/query-client';
import type { LoginInput } from '@shared/schemas/auth';
import type { User } from '@client/lib/auth';
import { startSession } from '@client/lib/session';

/** POST /api/login */
export const login = (input: LoginInput) => api.post<User>('/api/login', input);

/**
 * Signs in (the session starts with the answer), with whether the request is under way. Not
 * `useMutation`, whose code would be some 1.5 KB (gzip) of the sign-in page's first load: the
 * same mutation cache through `runMutation`.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const mutate = (input: LoginInput, { onError }: { onError: (error: unknown) => void }) => {
    setPending(true);
    void runMutation(queryClient, login, input).then(
      (user) => {
        setPending(false);
        startSession(queryClient, user);
      },
      (error: unknown) => {
        setPending(false);
        onError(error);
      },
    );
  };
  return { mutate, isPending };
}
