import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { PageHeader } from '@client/components/PageHeader';

/** The amenities screen: its header and a notice that the module is still being prepared. */
export default function AmenitiesPage() {
  const { t } = useTranslation('amenities');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState icon={CalendarCheck} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
