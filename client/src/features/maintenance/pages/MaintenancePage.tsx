import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { PageHeader } from '@client/components/PageHeader';

/** The maintenance screen: its header and a notice that the module is still being prepared. */
export default function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState icon={Wrench} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
