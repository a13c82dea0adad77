import { zodResolver } from '@client/components/form/zod-resolver';
import { Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { NewPasswordFormSchema, PasswordChangeFormSchema } from '@shared/schemas/auth';
import { useChangePassword } from '../api/change-password';
import { PasswordStrength } from './PasswordStrength';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new (with its strength) and confirmation; only current and new are sent. Right
 * after signing in with a temporary password (`askCurrent` false) the current one is not asked
 * again: the server knows it was typed moments ago.
 */
export function PasswordChangeForm({ submitLabel, askCurrent = true }: { submitLabel?: string; askCurrent?: boolean }) {
  const { t } = useTranslation('password');
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(askCurrent ? PasswordChangeFormSchema : NewPasswordFormSchema), defaultValues: EMPTY });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword: askCurrent ? currentPassword : undefined, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast({ title: t('password.successTitle'), description: t('password.successDescription'), variant: 'success' });
        },
        onError: (error) => formFailed(error, setError, ['currentPassword', 'newPassword'], t('common:notices.updateFailed')),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('password.title')}>
      {askCurrent && (
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword}
        />
      )}
      <TextField
        className="mb-2"
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        registration={register('newPassword')}
        error={errors.newPassword}
        hint={t('password.hint')}
      />
      <PasswordStrength password={newPassword} />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword}
      />
      <SubmitButton pending={change.isPending} pendingLabel={t('password.pending')}>
        {submitLabel ?? t('password.submit')}
      </SubmitButton>
    </Form>
  );
}
