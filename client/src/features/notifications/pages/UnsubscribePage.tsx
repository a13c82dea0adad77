import { MailX } from 'lucide-react';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { useBranding } from '@client/lib/branding';
import { usePageTitle } from '@client/hooks/use-page-title';
import { errorMessage, isApiError } from '@client/lib/api';
import { useUnsubscribe, useUnsubscribeCheck } from '../api/unsubscribe';

/**
 * /unsubscribe#<token>, from the footer of an email: stops that email's category after one
 * confirmation, without signing in (a mail scanner opening the link changes nothing).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const { t: settings } = useTranslation('settings');
  const { appName } = useBranding();
  const token = useLocation().hash.slice(1);
  const check = useUnsubscribeCheck(token);
  const stop = useUnsubscribe();
  usePageTitle(t('unsubscribe.title'));

  const state = stop.data ?? check.data;
  const category = state ? settings(`notifications.${state.category}.label`) : '';
  let content;
  // Too many wrong links from here: the server says how long to wait.
  if (check.isError && isApiError(check.error, 429)) content = <Alert variant="warning" className="mb-0">{errorMessage(check.error)}</Alert>;
  else if (!token || check.isError) content = <Alert variant="warning" className="mb-0">{t('unsubscribe.invalid')}</Alert>;
  else if (check.isPending) content = <Loading label={t('unsubscribe.checking')} />;
  else if (stop.isSuccess || !state?.subscribed) {
    content = (
      <Alert variant="success" className="mb-0" data-testid="unsubscribed">
        {t(stop.isSuccess ? 'unsubscribe.done' : 'unsubscribe.already', { category })}
      </Alert>
    );
  } else {
    content = (
      <>
        <p>{t('unsubscribe.question', { category })}</p>
        {stop.isError && <Alert variant="danger">{t('unsubscribe.failed')}: {errorMessage(stop.error)}</Alert>}
        <SubmitButton type="button" onClick={() => stop.mutate(token)} pending={stop.isPending} pendingLabel={t('unsubscribe.pending')} className="w-100">
          {t('unsubscribe.confirm')}
        </SubmitButton>
      </>
    );
  }

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center p-3">
      <Card className="shadow-sm w-100 vec-narrow">
        <Card.Body className="p-4">
          <p className="fw-bold mb-3">{appName}</p>
          <h1 className="h4 d-flex align-items-center gap-2">
            <MailX aria-hidden />
            {t('unsubscribe.title')}
          </h1>
          {content}
          <p className="mt-3 mb-0">
            <Link to="/settings?tab=notifications">{t('unsubscribe.settings')}</Link>
          </p>
        </Card.Body>
      </Card>
    </main>
  );
}
