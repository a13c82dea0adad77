import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@client/hooks/use-page-title';

/** Any path that is not a route (spec section 2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center p-3">
      <div className="card shadow-sm vec-narrow w-100">
        <div className="card-body p-4">
          <h1 className="h3 mb-3">{t('notFound.heading')}</h1>
          <p className="text-body-secondary">{t('notFound.hint')}</p>
          <Link to="/" className="btn btn-primary">
            {t('notFound.home')}
          </Link>
        </div>
      </div>
    </main>
  );
}
