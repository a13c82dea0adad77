import { useTranslation } from 'react-i18next';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { EmptyState } from '@client/components/EmptyState';
import { Building2 } from 'lucide-react';

/** The property a finances screen shows (kept in the URL by the page). */
export function PropertyPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('financesClose');
  return <PropertySelect className="mb-0" label={t('property')} emptyLabel={t('chooseProperty')} value={value} onChange={onChange} />;
}

/** What a finances screen shows before a property is chosen. */
export function NoProperty() {
  const { t } = useTranslation('financesClose');
  return <EmptyState icon={Building2} title={t('chooseProperty')} description={t('choosePropertyHint')} />;
}
