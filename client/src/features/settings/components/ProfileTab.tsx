import type { ComponentType } from 'react';
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@client/lib/auth';
import { AvatarSection } from './AvatarSection';
import { DangerZone } from './DangerZone';
import { ProfileForm } from './ProfileForm';

/** Perfil: photo, login email, profile form, Security (password) and the danger zone. */
/** `PasswordChangeForm`: the auth feature's form, given by the settings screen's composition. */
export function ProfileTab({ PasswordChangeForm }: { PasswordChangeForm: ComponentType }) {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  return (
    <div className="d-grid gap-4">
      <Card>
        <Card.Body>
          <h2 className="h5 mb-3">{t('profile.title')}</h2>
          <AvatarSection />
          <Form.Group controlId="login-email" className="my-4 vec-measure">
            <Form.Label>{t('profile.loginEmail')}</Form.Label>
            <Form.Control type="email" value={user.username} readOnly plaintext={false} aria-describedby="login-email-hint" />
            <Form.Text id="login-email-hint">{t('profile.loginEmailHint')}</Form.Text>
          </Form.Group>
          <ProfileForm />
        </Card.Body>
      </Card>
      <Card>
        <Card.Body>
          <h2 className="h5">{t('security.title')}</h2>
          <p className="text-body-secondary">{t('security.description')}</p>
          <div className="vec-measure">
            <PasswordChangeForm />
          </div>
        </Card.Body>
      </Card>
      <DangerZone />
    </div>
  );
}
