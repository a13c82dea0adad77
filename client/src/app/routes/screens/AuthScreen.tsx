import AuthPage from '@client/features/auth/pages/AuthPage';
import { LanguageSwitch } from '../../layout/LanguageSwitch';

/** /auth: sign in, register and recover a password, with the language menu of the layout. */
export default function AuthScreen() {
  return <AuthPage LanguageSwitch={LanguageSwitch} />;
}
