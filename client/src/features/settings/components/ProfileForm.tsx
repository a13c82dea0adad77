import { zodResolver } from '@client/components/form/zod-resolver';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocationFields } from '@client/components/form/LocationFields';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser, type User } from '@client/lib/auth';
import { ProfileUpdateSchema } from '@shared/schemas/auth';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = ['name', 'lastName', 'email', 'phone', 'country', 'city', 'propertyRef'] as const;

const formValues = (user: User) => ({
  name: user.name,
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  country: user.country ?? '',
  city: user.city ?? '',
  propertyRef: user.propertyRef ?? '',
});

/** The profile: its fields follow the saved user; Cancel goes back to them. */
export function ProfileForm() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(ProfileUpdateSchema), values: formValues(user) });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: t('profile.successTitle'), description: t('profile.successDescription'), variant: 'success' }),
      onError: (error) => formFailed(error, setError, FIELDS, t('common:notices.updateFailed')),
    }),
  );

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={onSubmit} aria-label={t('profile.formLabel')}>
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" label={t('profile.name')} autoComplete="given-name" registration={register('name')} error={errors.name} />
          </Col>
          <Col sm={6}>
            <TextField className="" label={t('profile.lastName')} autoComplete="family-name" registration={register('lastName')} error={errors.lastName} />
          </Col>
        </Row>
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" label={t('profile.email')} type="email" autoComplete="email" registration={register('email')} error={errors.email} />
          </Col>
          <Col sm={6}>
            <TextField className="" label={t('profile.phone')} type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
          </Col>
        </Row>
        <LocationFields />
        <TextField label={t('profile.propertyRef')} registration={register('propertyRef')} error={errors.propertyRef} hint={t('profile.propertyRefHint')} />
        <div className="d-flex justify-content-end gap-2 border-top pt-3">
          <Button variant="outline-secondary" onClick={() => reset()} disabled={!isDirty || update.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton pending={update.isPending} pendingLabel={t('common:status.saving')}>
            {t('profile.save')}
          </SubmitButton>
        </div>
      </Form>
    </FormProvider>
  );
}
