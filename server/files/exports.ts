import { EXPORT_TEXTS, MAINTENANCE_LABELS, VISITOR_LABELS, type Language } from '../../shared/messages';
import type { MaintenanceRequestView } from '../../shared/schemas/maintenance';
import type { VisitorView } from '../../shared/schemas/visitors';
import { wallClockText } from '../../shared/time';
import type { PresentedResident } from '../presenters/resident';
import type { CsvColumn } from './csv';

/**
 * The columns of the maintenance, visitors and residents exports (billing's are in
 * files/billing.ts), their words in the user's language. Times are the organization's wall
 * clock ('YYYY-MM-DD HH:MM'), which spreadsheets read in every language.
 */

const clock = (value: Date | string | null | undefined) => (value ? wallClockText(value) : '');

export function maintenanceColumns(language: Language): Array<CsvColumn<MaintenanceRequestView>> {
  const labels = MAINTENANCE_LABELS[language];
  const texts = EXPORT_TEXTS[language];
  return [
    { header: 'id', value: (r) => r.id },
    { header: 'title', value: (r) => r.title },
    { header: 'property', value: (r) => r.propertyName },
    { header: 'unitOrArea', value: (r) => r.unitNumber ?? r.location },
    { header: 'priority', value: (r) => labels.priority[r.priority] },
    { header: 'status', value: (r) => labels.status[r.status] },
    { header: 'overdue', value: (r) => (r.overdue ? texts.yes : texts.no) },
    { header: 'requestedBy', value: (r) => r.requestedBy?.name },
    { header: 'requestedOn', value: (r) => clock(r.requestedAt) },
    { header: 'assignedTo', value: (r) => r.assignedTo?.name },
    { header: 'scheduledFor', value: (r) => clock(r.scheduledDate) },
    { header: 'deadline', value: (r) => clock(r.dueAt) },
    { header: 'completed', value: (r) => clock(r.completedAt) },
    { header: 'rating', value: (r) => r.rating?.score },
  ];
}

export function visitorColumns(language: Language): Array<CsvColumn<VisitorView>> {
  const labels = VISITOR_LABELS[language];
  return [
    { header: 'id', value: (v) => v.id },
    { header: 'visitor', value: (v) => v.name },
    { header: 'phone', value: (v) => v.phone },
    { header: 'email', value: (v) => v.email },
    { header: 'property', value: (v) => v.propertyName },
    { header: 'unit', value: (v) => v.unitNumber },
    { header: 'host', value: (v) => v.host?.name },
    { header: 'type', value: (v) => labels.type[v.visitType] },
    { header: 'pass', value: (v) => labels.kind[v.passKind] },
    { header: 'status', value: (v) => labels.status[v.status] },
    { header: 'validFrom', value: (v) => clock(v.validFrom) },
    { header: 'validTo', value: (v) => clock(v.validTo) },
    { header: 'entry', value: (v) => clock(v.checkInTime) },
    { header: 'entryBy', value: (v) => v.checkedInBy },
    { header: 'exit', value: (v) => clock(v.checkOutTime) },
    { header: 'exitBy', value: (v) => v.checkedOutBy },
    { header: 'plate', value: (v) => v.vehiclePlate },
    { header: 'entries', value: (v) => v.uses },
  ];
}

export function residentColumns(language: Language): Array<CsvColumn<PresentedResident>> {
  const statuses = EXPORT_TEXTS[language].residentStatus;
  return [
    { header: 'name', value: (r) => r.name },
    { header: 'lastName', value: (r) => r.lastName },
    { header: 'email', value: (r) => r.email },
    { header: 'phone', value: (r) => r.phone },
    { header: 'property', value: (r) => r.propertyName },
    { header: 'unit', value: (r) => r.unitNumber },
    { header: 'status', value: (r) => statuses[r.status] },
    { header: 'joinDate', value: (r) => r.joinDate },
  ];
}
