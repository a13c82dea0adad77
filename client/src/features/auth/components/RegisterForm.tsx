import { zodResolver } from '@client/components/form/zod-resolver';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CheckboxField } from '@client/components/form/CheckboxField';
import { LocationFields } from '@client/components/form/LocationFields';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { DEFAULT_CITY_ID, DEFAULT_COUNTRY_ID } from '@shared/catalog/countries';
import { RegisterFormSchema } from '@shared/schemas/auth';
import { useRegister } from '../api/register';

const FIELDS = ['name', 'lastName', 'username', 'phone', 'country', 'city', 'password', 'passwordConfirm', 'acceptedTerms'] as const;

/** Self-registration (always as Residente, decided by the server). */
export function RegisterForm({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation('auth');
  const registration = useRegister();
  const form = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: {
      name: '',
      lastName: '',
      username: '',
      phone: '',
      country: DEFAULT_COUNTRY_ID,
      city: DEFAULT_CITY_ID,
      propertyReference: '',
      password: '',
      passwordConfirm: '',
      // Unticked at first: the schema accepts only `true` (terms_required).
      acceptedTerms: false as unknown as true,
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(({ passwordConfirm: _confirmation, ...input }) =>
    registration.mutate(input, {
      onError: (error) => formFailed(error, setError, FIELDS, t('register.failedTitle')),
    }),
  );

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={onSubmit} aria-label={t('register.title')}>
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" label={t('fields.name')} autoComplete="given-name" registration={register('name')} error={errors.name} />
          </Col>
          <Col sm={6}>
            <TextField className="" label={t('fields.lastName')} autoComplete="family-name" registration={register('lastName')} error={errors.lastName} />
          </Col>
        </Row>
        <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" registration={register('username')} error={errors.username} />
        <TextField label={t('fields.phone')} type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
        <LocationFields />
        <TextField
          label={t('fields.propertyReference')}
          hint={t('fields.propertyReferenceHint')}
          autoComplete="off"
          registration={register('propertyReference')}
          error={errors.propertyReference}
        />
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <TextField className="" label={t('fields.password')} type="password" autoComplete="new-password" registration={register('password')} error={errors.password} />
          </Col>
          <Col sm={6}>
            <TextField
              className=""
              label={t('fields.passwordConfirm')}
              type="password"
              autoComplete="new-password"
              registration={register('passwordConfirm')}
              error={errors.passwordConfirm}
            />
          </Col>
        </Row>
        <CheckboxField
          registration={register('acceptedTerms')}
          error={errors.acceptedTerms}
          label={<Trans t={t} i18nKey="register.acceptTerms" components={{ terms: <Link to="/terms" target="_blank" rel="noopener" /> }} />}
        />
        <SubmitButton pending={registration.isPending} pendingLabel={t('register.pending')} className="w-100">
          {t('register.submit')}
        </SubmitButton>
        <p className="text-center mt-4 mb-0">
          {t('register.haveAccount')}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={onLogin}>
            {t('register.toLogin')}
          </Button>
        </p>
      </Form>
    </FormProvider>
  );
}
