import { useTranslation } from 'react-i18next';
import { PageHeader } from '@client/components/PageHeader';
import { useCurrentUser } from '@client/lib/auth';

/**
 * The home screen's heading: the user by their first name. Accounts record no gender or form
 * of address, so the Spanish greeting is one that fits anyone ("Hola, Ana") rather than a
 * guessed "Bienvenido" or "Bienvenida". `subtitle` is the line for the user's role.
 */
export function HomeGreeting({ subtitle }: { subtitle: 'admin' | 'member' | 'technician' }) {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  return <PageHeader title={t('welcome', { name: user.name })} documentTitle={t('title')} description={t(`subtitle.${subtitle}`)} />;
}
