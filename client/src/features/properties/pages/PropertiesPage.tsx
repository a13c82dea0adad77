import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { PageHeader } from '@client/components/PageHeader';
import { PropertiesTabs } from '../components/PropertiesTabs';

/** The properties screen: its header and, until the module has data, its empty state. */
export default function PropertiesPage() {
  const { t } = useTranslation('properties');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <PropertiesTabs />
      <EmptyState icon={Building2} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
