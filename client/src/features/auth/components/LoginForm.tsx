import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { applyServerErrors } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { LoginSchema } from '@shared/schemas/auth';
import { useLogin } from '../api/login';

type LoginFormProps = { onRegister?: () => void; onForgot?: () => void; username?: string };

/** Email and password; on success the session starts and /auth sends the user on. */
export function LoginForm({ onRegister, onForgot, username = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { username, password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => {
        applyServerErrors(setError, error, ['username', 'password']);
        toast({ title: t('login.failedTitle'), description: errorMessage(error), variant: 'destructive' });
      },
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
      <TextField label={t('fields.email')} type="email" autoComplete="username" inputMode="email" registration={register('username')} error={errors.username} />
      <TextField label={t('fields.password')} type="password" autoComplete="current-password" registration={register('password')} error={errors.password} />
      {onForgot && (
        <p className="text-end mt-n2 mb-3">
          <Button variant="link" size="sm" className="p-0" onClick={onForgot}>
            {t('recovery.forgotLink')}
          </Button>
        </p>
      )}
      <SubmitButton pending={login.isPending} pendingLabel={t('login.pending')} className="w-100 mt-2">
        {t('login.submit')}
      </SubmitButton>
      {onRegister && (
        <p className="text-center mt-4 mb-0">
          {t('login.noAccount')}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={onRegister}>
            {t('login.toRegister')}
          </Button>
        </p>
      )}
    </Form>
  );
}
