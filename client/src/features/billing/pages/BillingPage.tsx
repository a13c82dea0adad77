import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { PageHeader } from '@client/components/PageHeader';

/** The billing screen: its header and a notice that the module is still being prepared. */
export default function BillingPage() {
  const { t } = useTranslation('billing');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState icon={CreditCard} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
