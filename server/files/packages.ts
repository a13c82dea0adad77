import { EXPORT_TEXTS, PACKAGE_LABELS, type Language } from '../../shared/messages';
import type { PackageView } from '../../shared/schemas/packages';
import { wallClockText } from '../../shared/time';
import type { CsvColumn } from './csv';

const clock = (value: string | null) => (value ? wallClockText(value) : '');

/** The columns of the packages log's CSV, in the user's language (never the pickup code). */
export function packageColumns(language: Language): Array<CsvColumn<PackageView>> {
  const labels = PACKAGE_LABELS[language];
  const texts = EXPORT_TEXTS[language];
  return [
    { header: 'id', value: (p) => p.id },
    { header: 'property', value: (p) => p.propertyName },
    { header: 'unit', value: (p) => p.unitNumber },
    { header: 'carrier', value: (p) => labels.carrier[p.carrier] },
    { header: 'tracking', value: (p) => p.tracking },
    { header: 'size', value: (p) => labels.size[p.size] },
    { header: 'perishable', value: (p) => (p.perishable ? texts.yes : texts.no) },
    { header: 'shelf', value: (p) => p.shelf },
    { header: 'status', value: (p) => labels.status[p.status] },
    { header: 'loggedAt', value: (p) => clock(p.createdAt) },
    { header: 'loggedBy', value: (p) => p.loggedBy },
    { header: 'pickedUpAt', value: (p) => clock(p.pickedUpAt) },
    { header: 'pickedUpBy', value: (p) => p.pickedUpBy?.name },
    { header: 'handedBy', value: (p) => p.handedBy },
    { header: 'returnedAt', value: (p) => clock(p.returnedAt) },
    { header: 'returnReason', value: (p) => p.returnReason },
  ];
}
