import { lazy, Suspense, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import { useBranding } from '@client/lib/branding';
import { i18n } from '@client/lib/i18n';
import { usePageTitle } from '@client/hooks/use-page-title';
import { AuthHero } from '../components/AuthHero';
import { LoginForm } from '../components/LoginForm';

// Most visits only sign in: registration (with its country catalogue) and recovery load when opened.
const RegisterForm = lazy(async () => ({ default: (await import('../components/RegisterForm')).RegisterForm }));
// Recovery's texts are the `password` namespace (with setting a new password): loaded beside its code.
const ForgotPasswordForm = lazy(async () => {
  const [module] = await Promise.all([import('../components/ForgotPasswordForm'), i18n.loadNamespaces('password')]);
  return { default: module.ForgotPasswordForm };
});

type AuthTab = 'login' | 'register' | 'forgot';

/**
 * /auth: sign in, register when the organization allows it (`?tab=register`), or ask for a
 * password reset link (`?tab=forgot`). A password just chosen through a link arrives with its
 * account's email (`state.username`). Bootstrap's markup without react-bootstrap: this is the
 * first screen of most visits.
 */
export default function AuthPage({ LanguageSwitch }: { /** The language menu of app/layout (app/routes/screens/AuthScreen.tsx gives it). */ LanguageSwitch: ComponentType }) {
  const { t } = useTranslation('auth');
  const { appName, logo, showRegistrationForm } = useBranding();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const requested = params.get('tab');
  const tab: AuthTab = requested === 'forgot' ? 'forgot' : showRegistrationForm && requested === 'register' ? 'register' : 'login';
  usePageTitle(tab === 'forgot' ? t('recovery.forgotTitle') : t(`${tab}.title`));
  const username = (location.state as { username?: string } | null)?.username;

  const select = (key: AuthTab) => setParams(key === 'login' ? {} : { tab: key }, { replace: true, state: location.state });
  // The registration form mounts when first opened and keeps what was typed afterwards.
  const [registerOpened, setRegisterOpened] = useState(tab === 'register');
  if (tab === 'register' && !registerOpened) setRegisterOpened(true);

  // Tabs by WAI-ARIA's pattern: one tab stop, arrows and Home/End move between them.
  const tabs: AuthTab[] = showRegistrationForm ? ['login', 'register'] : ['login'];
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.indexOf(tab);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[(next + tabs.length) % tabs.length];
    select(key);
    document.getElementById(`auth-tab-${key}`)?.focus();
  };
  const pane = (key: AuthTab, content: ReactNode) => (
    <div role="tabpanel" id={`auth-pane-${key}`} aria-labelledby={`auth-tab-${key}`} hidden={tab !== key}>
      {content}
    </div>
  );

  return (
    <div className="vec-auth min-vh-100 d-flex">
      <div className="d-none d-lg-flex col-lg-6">
        <AuthHero />
      </div>
      <main className="col-12 col-lg-6 d-flex align-items-center justify-content-center p-3 py-5">
        <div className="w-100 vec-auth-panel">
          <div className="d-flex align-items-center justify-content-between gap-3 mb-4">
            <div className="d-flex align-items-center gap-2">
              <img src={logo ?? '/favicon.svg'} alt="" width={40} height={40} className="rounded" />
              <span className="h4 mb-0 fw-bold">{appName}</span>
            </div>
            <LanguageSwitch />
          </div>
          <div className="card shadow-sm">
            <div className="card-body p-4">
              {tab === 'forgot' ? (
                <>
                  <h1 className="h4 mb-3">{t('recovery.forgotTitle')}</h1>
                  <Suspense fallback={<Loading />}>
                    <ForgotPasswordForm onBack={() => select('login')} />
                  </Suspense>
                </>
              ) : (
                <>
                  <h1 className="h4 mb-1">{t(`${tab}.heading`)}</h1>
                  <p className="text-body-secondary">{t(`${tab}.description`)}</p>
                  <div className="nav nav-tabs mb-4" role="tablist">
                    {tabs.map((key) => (
                      <button
                        key={key}
                        type="button"
                        role="tab"
                        id={`auth-tab-${key}`}
                        className={`nav-link${tab === key ? ' active' : ''}`}
                        aria-selected={tab === key}
                        aria-controls={`auth-pane-${key}`}
                        tabIndex={tab === key ? 0 : -1}
                        onClick={() => select(key)}
                        onKeyDown={onTabKey}
                      >
                        {t(`${key}.tab`)}
                      </button>
                    ))}
                  </div>
                  {pane('login', <LoginForm onRegister={showRegistrationForm ? () => select('register') : undefined} onForgot={() => select('forgot')} username={username} />)}
                  {showRegistrationForm &&
                    pane(
                      'register',
                      registerOpened && (
                        <Suspense fallback={<Loading />}>
                          <RegisterForm onLogin={() => select('login')} />
                        </Suspense>
                      ),
                    )}
                </>
              )}
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
