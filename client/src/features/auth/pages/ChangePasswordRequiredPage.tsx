import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { usePageTitle } from '@client/hooks/use-page-title';
import { errorMessage } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/auth';
import { useLogout } from '../api/logout';
import { PasswordChangeForm } from '../components/PasswordChangeForm';

/**
 * Shown instead of every screen while the user signs in with a temporary password (after a
 * reset by an administrator): the server accepts nothing else until it is changed.
 */
export default function ChangePasswordRequiredPage() {
  const { t } = useTranslation('password');
  usePageTitle(t('mustChange.title'));
  const logout = useLogout();
  const user = useCurrentUser();

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center p-3">
      <Card className="shadow-sm w-100 vec-narrow">
        <Card.Body className="p-4">
          <h1 className="h4">{t('mustChange.title')}</h1>
          <p className="text-body-secondary">{t('mustChange.description')}</p>
          <PasswordChangeForm submitLabel={t('mustChange.submit')} askCurrent={user.currentPasswordRequired} />
          <hr />
          <Button
            variant="link"
            className="p-0"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onError: (error) => toast({ title: t('common:logout.errorTitle'), description: errorMessage(error), variant: 'destructive' }),
              })
            }
          >
            {t('common:logout.action')}
          </Button>
        </Card.Body>
      </Card>
    </main>
  );
}
