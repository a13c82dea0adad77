import { useTranslation } from 'react-i18next';
import type { MaintenanceRequestView } from '@shared/schemas/maintenance';

/** "Unidad 4B" or the common area ("Piscina"). */
export function usePlace() {
  const { t } = useTranslation('maintenance');
  return (request: Pick<MaintenanceRequestView, 'unitNumber' | 'location'>) =>
    request.unitNumber ? t('table.unit', { unit: request.unitNumber }) : (request.location ?? '—');
}
