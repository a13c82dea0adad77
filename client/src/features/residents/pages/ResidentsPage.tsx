import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { PageHeader } from '@client/components/PageHeader';

/** The residents screen: its header and, until the module has data, its empty state. */
export default function ResidentsPage() {
  const { t } = useTranslation('residents');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState icon={Users} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
