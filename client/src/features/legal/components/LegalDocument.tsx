import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBranding } from '@client/lib/branding';
import { usePageTitle } from '@client/hooks/use-page-title';

type Section = { heading: string; body: string };

/** A public legal page (terms, privacy): its sections come from the `legal` namespace. */
export function LegalDocument({ name }: { name: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const { appName, companyName, contactEmail, contactPhone } = useBranding();
  const values = { appName, companyName, contactEmail, contactPhone };
  const title = t(`${name}.title`);
  usePageTitle(title);
  const sections = t(`${name}.sections`, { returnObjects: true, ...values }) as Section[];

  return (
    <main className="container py-5 vec-prose">
      <Link to="/auth" className="d-inline-flex align-items-center gap-1 mb-4">
        <ArrowLeft size={16} aria-hidden />
        {t('back')}
      </Link>
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary">{t('updated')}</p>
      <p>{t(`${name}.intro`, values)}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-4">
          <h2 className="h5">{section.heading}</h2>
          <p className="mb-0">{section.body}</p>
        </section>
      ))}
    </main>
  );
}
