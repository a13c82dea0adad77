import { Brush, Building, Building2, House, ShieldCheck, Wrench, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '@client/lib/branding';

const SERVICES: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'residential', icon: House },
  { key: 'commercial', icon: Building2 },
  { key: 'mixed', icon: Building },
  { key: 'maintenance', icon: Wrench },
  { key: 'janitorial', icon: Brush },
  { key: 'security', icon: ShieldCheck },
];

/** The wide-screen panel beside the forms: what the company offers. */
export function AuthHero() {
  const { t } = useTranslation('auth');
  const { appName, companyName } = useBranding();
  return (
    <section className="vec-auth-hero d-flex flex-column justify-content-center p-5 text-white" aria-labelledby="auth-hero-title">
      <h2 id="auth-hero-title" className="display-6 fw-bold mb-3">
        {t('hero.title', { appName })}
      </h2>
      <p className="lead mb-4 opacity-75">{t('hero.subtitle', { companyName })}</p>
      <ul className="list-unstyled d-grid gap-3 mb-0">
        {SERVICES.map(({ key, icon: Icon }) => (
          <li key={key} className="d-flex align-items-center gap-3">
            <span className="vec-hero-icon" aria-hidden>
              <Icon size={20} />
            </span>
            {t(`hero.services.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
