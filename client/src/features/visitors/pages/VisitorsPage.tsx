import { UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { PageHeader } from '@client/components/PageHeader';

/** The visitors screen: its header and a notice that the module is still being prepared. */
export default function VisitorsPage() {
  const { t } = useTranslation('visitors');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState icon={UserCheck} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
