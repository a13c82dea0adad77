import { Card, Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from '@client/app/layout/LanguageSwitch';
import { useBranding } from '@client/features/branding/api/get-branding';
import { usePageTitle } from '@client/hooks/use-page-title';
import { AuthHero } from '../components/AuthHero';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';

type AuthTab = 'login' | 'register' | 'forgot';

/**
 * /auth: sign in, register when the organization allows it (`?tab=register`), or ask for a
 * password reset link (`?tab=forgot`). A password just chosen through a link arrives with its
 * account's email (`state.username`).
 */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const { appName, logo, showRegistrationForm } = useBranding();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const requested = params.get('tab');
  const tab: AuthTab = requested === 'forgot' ? 'forgot' : showRegistrationForm && requested === 'register' ? 'register' : 'login';
  usePageTitle(tab === 'forgot' ? t('recovery.forgotTitle') : t(`${tab}.title`));
  const username = (location.state as { username?: string } | null)?.username;

  const select = (key: string | null) =>
    setParams(key === 'register' || key === 'forgot' ? { tab: key } : {}, { replace: true, state: location.state });

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
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              {tab === 'forgot' ? (
                <>
                  <h1 className="h4 mb-3">{t('recovery.forgotTitle')}</h1>
                  <ForgotPasswordForm onBack={() => select('login')} />
                </>
              ) : (
                <>
                  <h1 className="h4 mb-1">{t(`${tab}.heading`)}</h1>
                  <p className="text-body-secondary">{t(`${tab}.description`)}</p>
                  <Tab.Container activeKey={tab} onSelect={select}>
                    <Nav variant="tabs" className="mb-4">
                      <Nav.Item>
                        <Nav.Link eventKey="login">{t('login.tab')}</Nav.Link>
                      </Nav.Item>
                      {showRegistrationForm && (
                        <Nav.Item>
                          <Nav.Link eventKey="register">{t('register.tab')}</Nav.Link>
                        </Nav.Item>
                      )}
                    </Nav>
                    <Tab.Content>
                      <Tab.Pane eventKey="login">
                        <LoginForm onRegister={showRegistrationForm ? () => select('register') : undefined} onForgot={() => select('forgot')} username={username} />
                      </Tab.Pane>
                      {showRegistrationForm && (
                        <Tab.Pane eventKey="register" mountOnEnter>
                          <RegisterForm onLogin={() => select('login')} />
                        </Tab.Pane>
                      )}
                    </Tab.Content>
                  </Tab.Container>
                </>
              )}
            </Card.Body>
          </Card>
        </div>
      </main>
    </div>
  );
}
