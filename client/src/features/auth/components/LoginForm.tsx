import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { toast } from '@client/components/toast/toast';
import { ApiError, errorMessage } from '@client/lib/api';
import { useLogin } from '../api/login';

type LoginFormProps = { onRegister?: () => void; onForgot?: () => void; username?: string };
type FieldMessages = Partial<Record<'username' | 'password', string>>;

/**
 * Email and password; on success the session starts and /auth sends the user on. A plain form,
 * unlike the others (react-hook-form, react-bootstrap): it is the first screen of most visits,
 * and its two fields are checked by the shared schema (with zod) loaded at the first submit.
 */
export function LoginForm({ onRegister, onForgot, username = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [messages, setMessages] = useState<FieldMessages>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { validateLogin } = await import('./login-validation');
    const checked = validateLogin(Object.fromEntries(new FormData(form)));
    setMessages(checked.messages);
    const invalid = Object.keys(checked.messages)[0];
    if (invalid) return form.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
    login.mutate(checked.values!, {
      onError: (error) => {
        if (error instanceof ApiError) setMessages({ username: error.fields.username, password: error.fields.password });
        toast({ title: t('login.failedTitle'), description: errorMessage(error), variant: 'destructive' });
      },
    });
  };
  const error = (field: keyof FieldMessages) => (messages[field] ? { message: messages[field] } : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('login.title')}>
      <TextField label={t('fields.email')} type="email" autoComplete="username" inputMode="email" registration={{ name: 'username' }} defaultValue={username} error={error('username')} />
      <TextField label={t('fields.password')} type="password" autoComplete="current-password" registration={{ name: 'password' }} error={error('password')} />
      {onForgot && (
        <p className="text-end mt-n2 mb-3">
          <button type="button" className="btn btn-link btn-sm p-0" onClick={onForgot}>
            {t('recovery.forgotLink')}
          </button>
        </p>
      )}
      <SubmitButton pending={login.isPending} pendingLabel={t('login.pending')} className="w-100 mt-2">
        {t('login.submit')}
      </SubmitButton>
      {onRegister && (
        <p className="text-center mt-4 mb-0">
          {t('login.noAccount')}{' '}
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={onRegister}>
            {t('login.toRegister')}
          </button>
        </p>
      )}
    </form>
  );
}
