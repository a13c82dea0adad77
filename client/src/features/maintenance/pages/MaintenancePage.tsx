import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { PageHeader } from '@client/components/PageHeader';

/** The maintenance screen: its header and, until the module has data, its empty state. */
export default function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState icon={Wrench} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
