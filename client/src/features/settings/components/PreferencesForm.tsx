import { Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@client/components/form/CheckboxField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/features/auth/api/get-user';
import { errorMessage } from '@client/lib/api';
import type { Preferences } from '@shared/schemas/auth';
import { useUpdatePreferences } from '../api/update-preferences';

type Group = keyof Preferences;

/** The switches of one preferences group (Notificaciones or Privacidad), saved on the server. */
export function PreferencesForm<G extends Group>({ group }: { group: G }) {
  const { t } = useTranslation('settings');
  const saved = useCurrentUser().preferences[group];
  const save = useUpdatePreferences();
  const { register, handleSubmit } = useForm({ values: saved as Record<string, boolean> });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { [group]: values },
      {
        onSuccess: () => toast({ title: t('preferences.saved'), variant: 'success' }),
        onError: (error) => toast({ title: t('common:notices.updateFailed'), description: errorMessage(error), variant: 'destructive' }),
      },
    ),
  );

  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t(`${group}.title`)}</h2>
        <p className="text-body-secondary">{t(`${group}.description`)}</p>
        <Form noValidate onSubmit={onSubmit} aria-label={t(`${group}.title`)}>
          {Object.keys(saved).map((key) => (
            <CheckboxField
              key={key}
              type="switch"
              className="mb-3 pb-3 border-bottom"
              registration={register(key)}
              label={<span className="fw-semibold">{t(`${group}.${key}.label`)}</span>}
              description={t(`${group}.${key}.description`)}
            />
          ))}
          <div className="d-flex justify-content-end">
            <SubmitButton pending={save.isPending} pendingLabel={t('common:status.saving')}>
              {t('preferences.save')}
            </SubmitButton>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
