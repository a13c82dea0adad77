import { useTranslation } from 'react-i18next';
import { PACKAGE_LABELS } from '@shared/messages';
import type { PackageCarrier } from '@shared/enums';

/** Carriers by their brand names (the same in both languages), from the labels the server's CSV uses too. */
export function useCarrierLabel() {
  const { i18n } = useTranslation();
  const labels = PACKAGE_LABELS[i18n.language === 'en' ? 'en' : 'es'].carrier;
  return (carrier: PackageCarrier) => labels[carrier];
}
