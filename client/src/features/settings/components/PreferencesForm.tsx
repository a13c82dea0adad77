import { Badge, Card, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@client/components/form/CheckboxField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { errorMessage } from '@client/lib/api';
import { emailsCategory, isEmailSwitch } from '@shared/notifications';
import { NOTIFICATION_CATEGORIES } from '@shared/enums';
import type { Preferences } from '@shared/schemas/auth';
import { useUpdatePreferences } from '../api/use-update-preferences';

type Group = keyof Preferences;

const isCategory = (key: string) => (NOTIFICATION_CATEGORIES as readonly string[]).includes(key);

/**
 * The switches of one preferences group (Notificaciones or Privacidad), saved on the server.
 * Notifications say, as they are switched, which categories go by email and which only to
 * the inbox (the server applies the same rule, shared/notifications.ts).
 */
export function PreferencesForm<G extends Group>({ group }: { group: G }) {
  const { t } = useTranslation('settings');
  const saved = useCurrentUser().preferences[group];
  const save = useUpdatePreferences();
  const { register, handleSubmit, control } = useForm({ values: saved as Record<string, boolean> });
  const current = useWatch({ control });
  const channel = (key: string) => {
    if (group !== 'notifications' || !isCategory(key)) return null;
    const category = key as (typeof NOTIFICATION_CATEGORIES)[number];
    if (!isEmailSwitch(category)) return null;
    const byEmail = emailsCategory({ notifications: { ...saved, ...current } as Preferences['notifications'] }, category);
    return (
      <Badge bg={byEmail ? 'primary' : 'secondary'} className="ms-2 fw-normal" data-testid={`channel-${key}`}>
        {t(`notifications.channel.${byEmail ? 'email' : 'inbox'}`)}
      </Badge>
    );
  };

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
              label={
                <>
                  <span className="fw-semibold">{t(`${group}.${key}.label`)}</span>
                  {channel(key)}
                </>
              }
              description={t(`${group}.${key}.description`)}
            />
          ))}
          {group === 'notifications' && <p className="small text-body-secondary">{t('notifications.always')}</p>}
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
