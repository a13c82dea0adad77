import { zodResolver } from '@client/components/form/zod-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { Alert, Card } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { useBranding } from '@client/lib/branding';
import { formFailed } from '@client/components/form/server-errors';
import { usePageTitle } from '@client/hooks/use-page-title';
import { errorMessage, isApiError } from '@client/lib/api';
import { ResetPasswordFormSchema } from '@shared/schemas/notifications';
import { useResetPassword, useTokenDescription, type TokenDescription } from '../api/password-recovery';
import { userQueryKey } from '@client/lib/auth';
import { PasswordStrength } from '../components/PasswordStrength';

/**
 * /invitation#<token> and /reset-password#<token>, from an email: the account's owner chooses
 * a password, once. The token travels in the fragment, which no server log or Referer sees.
 */
export default function SetPasswordPage() {
  const { t } = useTranslation('password');
  const { appName, logo } = useBranding();
  const token = useLocation().hash.slice(1);
  const described = useTokenDescription(token);
  const reset = useResetPassword();
  usePageTitle(t('recovery.resetTitle'));

  let content;
  if (reset.isSuccess) {
    content = (
      <div data-testid="password-saved">
        <h1 className="h4 d-flex align-items-center gap-2">
          <CheckCircle2 className="text-success" aria-hidden />
          {t('recovery.savedTitle')}
        </h1>
        <p>{t('recovery.saved')}</p>
        <Link to="/auth" state={{ username: reset.data.username }} className="btn btn-primary w-100">
          {t('recovery.signIn')}
        </Link>
      </div>
    );
  } else if (!token || described.isError) {
    content =
      !token || isApiError(described.error, 410) ? (
        <div data-testid="link-invalid">
          <h1 className="h4 d-flex align-items-center gap-2">
            <LinkIcon aria-hidden />
            {t('recovery.invalidTitle')}
          </h1>
          <p>{t('recovery.invalid')}</p>
          <Link to="/auth?tab=forgot" className="btn btn-primary w-100">
            {t('recovery.requestNew')}
          </Link>
        </div>
      ) : (
        <Alert variant="danger">{errorMessage(described.error)}</Alert>
      );
  } else if (described.isPending) {
    content = <Loading label={t('recovery.checking')} />;
  } else {
    content = <NewPasswordForm token={token} holder={described.data} reset={reset} />;
  }

  return (
    <main className="vec-auth min-vh-100 d-flex align-items-center justify-content-center p-3">
      <div className="w-100 vec-auth-panel">
        <div className="d-flex align-items-center gap-2 mb-4">
          <img src={logo ?? '/favicon.svg'} alt="" width={40} height={40} className="rounded" />
          <span className="h4 mb-0 fw-bold">{appName}</span>
        </div>
        <Card className="shadow-sm">
          <Card.Body className="p-4">{content}</Card.Body>
        </Card>
      </div>
    </main>
  );
}

function NewPasswordForm({ token, holder, reset }: { token: string; holder: TokenDescription; reset: ReturnType<typeof useResetPassword> }) {
  const { t } = useTranslation('password');
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ResetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'password' });
  const invitation = holder.purpose === 'invitation';

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        // Every session of the account ended, this browser's too if it had one.
        onSuccess: () => queryClient.setQueryData(userQueryKey(), null),
        onError: (error) => formFailed(error, setError, ['password'], t('recovery.failed')),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('recovery.resetTitle')}>
      <h1 className="h4">{invitation ? t('recovery.invitationTitle', { appName: holder.appName, name: holder.name }) : t('recovery.resetTitle')}</h1>
      <p className="text-body-secondary">
        {invitation ? t('recovery.invitationDescription', { username: holder.username }) : t('recovery.resetDescription', { username: holder.username })}
      </p>
      {/* The account's email, for password managers. */}
      <input type="email" name="username" autoComplete="username" value={holder.username} readOnly hidden />
      <TextField className="mb-2" label={t('recovery.password')} type="password" autoComplete="new-password" registration={register('password')} error={errors.password} hint={t('password.hint')} />
      <PasswordStrength password={password} />
      <TextField label={t('recovery.confirm')} type="password" autoComplete="new-password" registration={register('confirmPassword')} error={errors.confirmPassword} />
      <SubmitButton pending={reset.isPending} pendingLabel={t('recovery.saving')} className="w-100">
        {t('recovery.save')}
      </SubmitButton>
    </form>
  );
}
