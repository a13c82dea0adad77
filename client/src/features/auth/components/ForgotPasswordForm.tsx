import { zodResolver } from '@client/components/form/zod-resolver';
import { MailCheck } from 'lucide-react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { ForgotPasswordSchema } from '@shared/schemas/notifications';
import { useRequestPasswordReset } from '../api/password-recovery';

/** "Forgot password": the sign-in email; the server answers the same whether or not it has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation(['password', 'auth']);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { username: '' } });

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onError: (error) => formFailed(error, setError, ['username'], t('recovery.forgotTitle')),
    }),
  );

  if (request.isSuccess) {
    return (
      <div>
        <Alert variant="success" className="d-flex gap-2" data-testid="forgot-sent">
          <MailCheck size={20} aria-hidden className="flex-shrink-0" />
          <div>
            <p className="fw-semibold mb-1">{t('recovery.forgotSent')}</p>
            <p className="mb-0">{request.data.message}</p>
          </div>
        </Alert>
        <Button variant="link" className="p-0" onClick={onBack}>
          {t('recovery.backToLogin')}
        </Button>
      </div>
    );
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('recovery.forgotTitle')}>
      <p className="text-body-secondary">{t('recovery.forgotDescription')}</p>
      <TextField label={t('recovery.email')} type="email" autoComplete="username" inputMode="email" registration={register('username')} error={errors.username} />
      <SubmitButton pending={request.isPending} pendingLabel={t('recovery.forgotPending')} className="w-100 mt-2">
        {t('recovery.forgotSubmit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        <Button variant="link" className="p-0" onClick={onBack}>
          {t('recovery.backToLogin')}
        </Button>
      </p>
    </Form>
  );
}
