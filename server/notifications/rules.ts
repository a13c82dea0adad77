import type { Knex } from 'knex';
import type { AttachmentRef } from '../mail/outbox';
import type { EventAudience, NotificationCategory } from '../../shared/enums';
import type { EventType, LiveEvent } from '../../shared/events';
import type { Language } from '../../shared/messages';
import { formatDay } from '../../shared/billing';
import { formatMoney } from '../../shared/format';
import { TIME_ZONE } from '../../shared/time';
import type { BroadcastEventPayload } from '../../shared/schemas/broadcasts';
import { unitPeopleIds } from '../policies/billing';
import { unitActorIds } from '../policies/residency';
import { MAINTENANCE_LABELS } from '../../shared/messages';
import type { MaintenanceChanges, MaintenanceEventPayload } from '../../shared/schemas/maintenance';
import type { VisitorEventPayload } from '../../shared/schemas/visitors';
import { FINANCE_REPORT_RULES } from './financeReports';
import type { PackageEventPayload } from '../../shared/schemas/packages';
import { PACKAGE_LABELS } from '../../shared/messages';
import { ASSEMBLY_RULES } from './assemblyRules';
import { ONBOARDING_RULES } from './onboardingRules';

/**
 * Who is told of what: one row per event type. The worker writes an inbox row for every
 * recipient of a committed event of these types (once per user and `key`), and an email when
 * `email` says so. A module that wants its events in the inbox adds its rows here, nothing else.
 *
 * - `recipients`: a query of user ids (active users only are kept; the event's actor never).
 * - `category`: the switch of Settings > Notificaciones that decides the email (shared/notifications.ts).
 * - `email`: `preference` (the recipient's switches decide), `always`, or `never` (inbox only).
 * - `key`: one notification per user and key; the event by default.
 * - `due`: when the notification is due (a broadcast that starts later), or null when the thing
 *   no longer calls for one (a draft, a deleted row); now by default.
 * - `link`: where the notification leads in the app; `text`: title and body per language, from
 *   the event's payload (kept with the notification).
 */
export type EmailPolicy = 'preference' | 'always' | 'never';
export type NotificationText = { title: string; body: string };
type Payload = Record<string, unknown>;

export type NotificationRule = {
  recipients: (event: LiveEvent, trx: Knex) => Knex.QueryBuilder;
  category: (event: LiveEvent) => NotificationCategory;
  email: (event: LiveEvent) => EmailPolicy;
  key?: (event: LiveEvent) => string;
  due?: (event: LiveEvent, trx: Knex) => Promise<Date | null>;
  link: (event: LiveEvent) => string | null;
  text: Record<Language, (payload: Payload) => NotificationText>;
  /** Files its emails carry, by reference (rendered by the worker in each recipient's language). */
  attachments?: (event: LiveEvent) => AttachmentRef[];
  /**
   * For a change written once per audience with one payload (billing's ledger events: the
   * administrators' copy and one per person of the unit), the copy that carries its
   * notifications: the recipients come from the payload, so the other copies would tell nobody
   * new and get no job (a month of 40,000 cuotas is 40,000 notification jobs, not 76,000).
   */
  copy?: EventAudience;
};

/** The owner and the current residents of a property. */
const propertyPeople = (trx: Knex, propertyId: number) =>
  trx('residents')
    .select('userId as id')
    .where({ propertyId })
    .whereNot({ status: 'inactive' })
    .union(trx('properties').select('ownerId as id').where({ id: propertyId }).whereNotNull('ownerId'));

const administratorsOf = (trx: Knex, organizationId: number) =>
  trx('users').select('id').where({ organizationId, role: 'Administrador' });

const BROADCAST_LABELS: Record<Language, Record<BroadcastEventPayload['broadcast']['category'], string>> = {
  es: { announcement: 'Aviso', maintenance: 'Mantenimiento', emergency: 'Emergencia', event: 'Evento', other: 'Aviso' },
  en: { announcement: 'Notice', maintenance: 'Maintenance', emergency: 'Emergency', event: 'Event', other: 'Notice' },
};
const broadcastOf = (payload: Payload) => (payload as BroadcastEventPayload).broadcast;
const broadcastText = (language: Language) => (payload: Payload) => {
  const broadcast = broadcastOf(payload);
  return { title: `${BROADCAST_LABELS[language][broadcast.category]}: ${broadcast.title}`, body: broadcast.message };
};

/**
 * A broadcast is told once to the owner and residents of its property, when it is active and
 * has started: at creation, at its start date, or when a draft is published.
 */
const broadcastRule: NotificationRule = {
  recipients: (event, trx) => propertyPeople(trx, event.propertyId!),
  category: (event) => (broadcastOf(event.payload).category === 'event' ? 'marketing' : 'messages'),
  email: (event) => (broadcastOf(event.payload).category === 'emergency' ? 'always' : 'preference'),
  key: (event) => `broadcast:${event.subjectId}`,
  async due(event, trx) {
    const row = await trx('broadcasts')
      .where({ id: event.subjectId, status: 'active' })
      .where((open) => open.whereNull('endDate').orWhere('endDate', '>', trx.fn.now()))
      .first('startDate');
    return row ? new Date(row.startDate) : null;
  },
  link: (event) => `/properties/broadcasts?propertyId=${event.propertyId}`,
  text: { es: broadcastText('es'), en: broadcastText('en') },
};

/**
 * Billing: the unit's owner and residents hear of its charges and payments, the
 * administrators of transfers waiting for them; each once, however many events (one per
 * audience) the change wrote. The `payment` switch decides the email.
 */
const unitOf = (payload: Payload) => `${payload.propertyName} · ${payload.unitNumber}`;
const amountOf = (payload: Payload) => formatMoney(Number(payload.amount));
const billingRule = (
  recipients: NotificationRule['recipients'],
  link: string,
  text: NotificationRule['text'],
): NotificationRule => ({
  recipients,
  category: () => 'payment',
  email: () => 'preference',
  key: (event) => `${event.type}:${event.subjectId}`,
  link: () => link,
  text,
  copy: 'administrators',
});
const unitPeople: NotificationRule['recipients'] = (event, trx) => unitPeopleIds(Number(event.payload.unitId), trx);

const BILLING_RULES: Partial<Record<EventType, NotificationRule>> = {
  'charge.created': billingRule(unitPeople, '/billing', {
    es: (p) => ({ title: `Nuevo cargo: ${p.title}`, body: `${unitOf(p)}: ${amountOf(p)}, vence el ${formatDay(String(p.dueDate), 'es')}. Factura ${p.invoiceNumber}.` }),
    en: (p) => ({ title: `New charge: ${p.title}`, body: `${unitOf(p)}: ${amountOf(p)}, due ${formatDay(String(p.dueDate), 'en')}. Invoice ${p.invoiceNumber}.` }),
  }),
  'payment.recorded': billingRule(unitPeople, '/billing?tab=payments', {
    es: (p) => ({
      title: p.reported ? `Transferencia confirmada: ${p.receiptNumber}` : `Pago recibido: ${p.receiptNumber}`,
      body: `${unitOf(p)}: ${amountOf(p)}. El recibo ${p.receiptNumber} está disponible en Facturación.`,
    }),
    en: (p) => ({
      title: p.reported ? `Transfer confirmed: ${p.receiptNumber}` : `Payment received: ${p.receiptNumber}`,
      body: `${unitOf(p)}: ${amountOf(p)}. Receipt ${p.receiptNumber} is available in Billing.`,
    }),
  }),
  'payment.reported': billingRule((event, trx) => administratorsOf(trx, event.organizationId), '/billing?tab=reported', {
    es: (p) => ({ title: `Transferencia reportada: ${unitOf(p)}`, body: `${amountOf(p)} por confirmar en Facturación.` }),
    en: (p) => ({ title: `Transfer reported: ${unitOf(p)}`, body: `${amountOf(p)} to confirm in Billing.` }),
  }),
  'payment.rejected': billingRule(unitPeople, '/billing?tab=payments', {
    es: (p) => ({ title: `Transferencia rechazada: ${amountOf(p)}`, body: `${unitOf(p)}. Motivo: ${p.reason}` }),
    en: (p) => ({ title: `Transfer rejected: ${amountOf(p)}`, body: `${unitOf(p)}. Reason: ${p.reason}` }),
  }),
  // A reminder (avisos de cobro, docs/modules/collections.md): once per reminder sent.
  'charge.reminder': {
    ...billingRule(unitPeople, '/billing', {
      es: (p) =>
        p.kind === 'scheduled'
          ? {
              title: Number(p.step) < 0 ? `Recordatorio: ${p.title} vence pronto` : Number(p.step) === 0 ? `Recordatorio: ${p.title} vence hoy` : `Recordatorio: ${p.title} está vencido`,
              body: `${unitOf(p)}: ${amountOf(p)} por pagar de la factura ${p.invoiceNumber}, ${Number(p.step) <= 0 ? 'vence' : 'venció'} el ${formatDay(String(p.dueDate), 'es')}. Puede pagar o reportar su transferencia en Facturación.`,
            }
          : { title: 'Recordatorio de pago', body: `${unitOf(p)} tiene un balance vencido de ${amountOf(p)}. Puede pagar o reportar su transferencia en Facturación.` },
      en: (p) =>
        p.kind === 'scheduled'
          ? {
              title: Number(p.step) < 0 ? `Reminder: ${p.title} is due soon` : Number(p.step) === 0 ? `Reminder: ${p.title} is due today` : `Reminder: ${p.title} is overdue`,
              body: `${unitOf(p)}: ${amountOf(p)} to pay on invoice ${p.invoiceNumber}, ${Number(p.step) <= 0 ? 'due' : 'was due'} ${formatDay(String(p.dueDate), 'en')}. You can pay or report your transfer in Billing.`,
            }
          : { title: 'Payment reminder', body: `${unitOf(p)} has an overdue balance of ${amountOf(p)}. You can pay or report your transfer in Billing.` },
    }),
    key: (event) => `charge.reminder:${event.payload.reminderId}`,
  },
  // Payment agreements (docs/modules/collections.md): made, and broken by a missed instalment.
  'agreement.created': billingRule(unitPeople, '/billing', {
    es: (p) => ({ title: 'Acuerdo de pago registrado', body: `${unitOf(p)}: ${amountOf(p)} en ${p.instalments} cuotas, la primera vence el ${formatDay(String(p.firstDueDate), 'es')}.` }),
    en: (p) => ({ title: 'Payment agreement recorded', body: `${unitOf(p)}: ${amountOf(p)} in ${p.instalments} instalments, the first due ${formatDay(String(p.firstDueDate), 'en')}.` }),
  }),
  'agreement.broken': billingRule(unitPeople, '/billing', {
    es: () => ({ title: 'Acuerdo de pago incumplido', body: 'Una cuota del acuerdo venció sin pagarse: la mora vuelve a aplicarse.' }),
    en: () => ({ title: 'Payment agreement broken', body: 'An instalment of the agreement went unpaid: late fees apply again.' }),
  }),
  'charge.waived': billingRule(unitPeople, '/billing', {
    es: (p) => ({ title: `Mora condonada: ${p.invoiceNumber}`, body: `${unitOf(p)}: ${amountOf(p)}. Motivo: ${p.reason}` }),
    en: (p) => ({ title: `Late fee waived: ${p.invoiceNumber}`, body: `${unitOf(p)}: ${amountOf(p)}. Reason: ${p.reason}` }),
  }),
  'charge.credited': billingRule(unitPeople, '/billing', {
    es: (p) => ({ title: `Nota de crédito: ${p.invoiceNumber}`, body: `${unitOf(p)}: ${amountOf(p)}. Motivo: ${p.reason}` }),
    en: (p) => ({ title: `Credit note: ${p.invoiceNumber}`, body: `${unitOf(p)}: ${amountOf(p)}. Reason: ${p.reason}` }),
  }),
  'payment.refunded': billingRule(unitPeople, '/billing?tab=payments', {
    es: (p) => ({ title: `Pago reembolsado: ${p.receiptNumber}`, body: `${unitOf(p)}: ${amountOf(p)}. Motivo: ${p.reason}` }),
    en: (p) => ({ title: `Payment refunded: ${p.receiptNumber}`, body: `${unitOf(p)}: ${amountOf(p)}. Reason: ${p.reason}` }),
  }),
};

/** A join request's decision: told to its applicant, by email too (they are waiting for it). */
function joinDecisionRule(text: NotificationRule['text']): NotificationRule {
  return {
    recipients: (event, trx) =>
      event.audience === 'user' ? trx('users').select('id').where({ id: event.userId }) : trx('users').select('id').whereRaw('false'),
    category: () => 'account',
    email: () => 'always',
    link: () => '/',
    text,
  };
}


const requestOf = (payload: Payload) => payload as MaintenanceEventPayload;
const nobody = (trx: Knex) => trx('users').select('id').whereRaw('false');

/**
 * People of a maintenance request. Each change of a request is recorded once per audience
 * (administrators, requester, assignee: commands/maintenance/events.ts); only the administrators' copy
 * notifies, and the key keeps it to one notification per update and person anyway.
 */
const requestPeople = (event: LiveEvent, trx: Knex, pick: (changes: MaintenanceChanges, internal: boolean) => Array<'requester' | 'assignee' | 'administrators'>) => {
  if (event.audience !== 'administrators') return nobody(trx);
  const { changes = {}, internal = false } = requestOf(event.payload);
  const parts = pick(changes, internal);
  if (!parts.length) return nobody(trx);
  const request = trx('maintenance_requests').where({ id: event.subjectId });
  const queries = [
    ...(parts.includes('requester') ? [request.clone().select('requestedById as id').whereNotNull('requestedById')] : []),
    ...(parts.includes('assignee') ? [request.clone().select('assignedToId as id').whereNotNull('assignedToId')] : []),
    ...(parts.includes('administrators') ? [administratorsOf(trx, event.organizationId)] : []),
  ];
  const [first, ...rest] = queries;
  return rest.length ? first.union(rest) : first;
};

const maintenanceLink = (event: LiveEvent) => `/maintenance/${event.subjectId}`;
const maintenanceKey = (event: LiveEvent) => `maintenance:${event.subjectId}:${requestOf(event.payload).updateId ?? event.id}`;

/** "Asignada a Pedro Gómez. Estado: Programada." from what an update changed. */
function describeChanges(language: Language, payload: MaintenanceEventPayload) {
  const labels = MAINTENANCE_LABELS[language];
  const changes = payload.changes ?? {};
  const es = language === 'es';
  const parts: string[] = [];
  if (changes.accepted === false) parts.push(es ? 'El suplidor rechazó el trabajo.' : 'The supplier declined the job.');
  else if (changes.assignedTo) parts.push(es ? `Asignada a ${changes.assignedTo.name}.` : `Assigned to ${changes.assignedTo.name}.`);
  if (changes.staffRemoved) parts.push(es ? 'El suplidor ya no forma parte del personal.' : 'The supplier left the staff.');
  if (changes.reopened) parts.push(es ? 'Reabierta por quien la solicitó.' : 'Reopened by the requester.');
  if (changes.status) parts.push(`${es ? 'Estado' : 'Status'}: ${labels.status[changes.status]}.`);
  if (payload.comment) parts.push(payload.comment);
  return parts.join(' ');
}

const maintenanceRule = (
  pick: Parameters<typeof requestPeople>[2],
  text: Record<Language, (payload: MaintenanceEventPayload) => NotificationText>,
  email: NotificationRule['email'] = () => 'preference',
): NotificationRule => ({
  recipients: (event, trx) => requestPeople(event, trx, pick),
  category: () => 'maintenance',
  email,
  key: maintenanceKey,
  link: maintenanceLink,
  text: { es: (p) => text.es(requestOf(p)), en: (p) => text.en(requestOf(p)) },
});

/** A booking's time as people read it in the organization's zone. */
const bookingWhen = (language: Language, payload: Payload) =>
  new Date(String(payload.startTime)).toLocaleString(language === 'es' ? 'es-DO' : 'en-US', {
    timeZone: TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** Booking news for the booker (the copy addressed to them) or, for a new pending booking, the administrators. */
const bookingRule = (text: NotificationRule['text'], who: 'booker' | 'administrators' = 'booker'): NotificationRule => ({
  recipients: (event, trx) =>
    who === 'booker'
      ? trx('users').select('id').where({ id: event.audience === 'user' ? event.userId : 0 })
      : event.audience === 'property' && event.payload.status === 'pending'
        ? administratorsOf(trx, event.organizationId)
        : trx('users').select('id').whereRaw('false'),
  category: () => 'messages',
  email: () => 'preference',
  key: (event) => `${event.type}:${event.subjectId}:${String(event.payload.startTime)}`,
  link: (event) => (who === 'booker' ? '/amenities?tab=mine' : `/amenities?tab=manage&bookingId=${event.subjectId}`),
  text,
});

const BOOKING_RULES: Partial<Record<EventType, NotificationRule>> = {
  'booking.created': bookingRule(
    {
      es: (p) => ({ title: `Reserva por aprobar: ${p.amenityName}`, body: `Una reserva para el ${bookingWhen('es', p)} espera su aprobación.` }),
      en: (p) => ({ title: `Booking to approve: ${p.amenityName}`, body: `A booking for ${bookingWhen('en', p)} awaits your approval.` }),
    },
    'administrators',
  ),
  'booking.confirmed': bookingRule({
    es: (p) => ({ title: `Reserva confirmada: ${p.amenityName}`, body: `Su reserva del ${bookingWhen('es', p)} fue aprobada.` }),
    en: (p) => ({ title: `Booking confirmed: ${p.amenityName}`, body: `Your booking for ${bookingWhen('en', p)} was approved.` }),
  }),
  'booking.cancelled': bookingRule({
    es: (p) => ({ title: `${p.declined ? 'Reserva rechazada' : 'Reserva cancelada'}: ${p.amenityName}`, body: `Su reserva del ${bookingWhen('es', p)}: ${p.reason ?? ''}` }),
    en: (p) => ({ title: `${p.declined ? 'Booking declined' : 'Booking cancelled'}: ${p.amenityName}`, body: `Your booking for ${bookingWhen('en', p)}: ${p.reason ?? ''}` }),
  }),
  'booking.reminder': bookingRule({
    es: (p) => ({ title: `Recordatorio: ${p.amenityName}`, body: `Su reserva es mañana, ${bookingWhen('es', p)}.` }),
    en: (p) => ({ title: `Reminder: ${p.amenityName}`, body: `Your booking is tomorrow, ${bookingWhen('en', p)}.` }),
  }),
};

/**
 * Who acts for a pass's unit now (policies/residency.ts; a pass without a unit: its host): told
 * when their visitor arrives, asked about a walk-in. A host who left the unit is not.
 */
const visitorHosts = (event: LiveEvent, trx: Knex) => {
  const p = event.payload as VisitorEventPayload;
  return p.unitId ? unitActorIds(p.unitId, trx) : trx('users').select('id').where({ id: p.hostId });
};
const visitorRule = (key: string, text: Record<Language, (payload: VisitorEventPayload) => NotificationText>): NotificationRule => ({
  recipients: visitorHosts,
  category: () => 'visitor',
  email: () => 'never',
  key: (event) => `${key}-${event.subjectId}-${(event.payload as VisitorEventPayload).uses ?? 0}`,
  link: () => '/visitors',
  text: { es: (p) => text.es(p as VisitorEventPayload), en: (p) => text.en(p as VisitorEventPayload) },
});
const VISITOR_RULES: Partial<Record<EventType, NotificationRule>> = {
  'visitor.checked_in': visitorRule('visitor-arrived', {
    es: (p) => ({ title: `Llegó su visita: ${p.name}`, body: `${p.name} entró a ${p.propertyName}${p.unitNumber ? `, unidad ${p.unitNumber}` : ''}.` }),
    en: (p) => ({ title: `Your visitor arrived: ${p.name}`, body: `${p.name} came into ${p.propertyName}${p.unitNumber ? `, unit ${p.unitNumber}` : ''}.` }),
  }),
  'visitor.walk_in_requested': visitorRule('visitor-walk-in', {
    es: (p) => ({ title: `${p.name} pide entrar`, body: 'La recepción espera su respuesta: permita o niegue la entrada en Visitantes.' }),
    en: (p) => ({ title: `${p.name} asks to come in`, body: 'The desk is waiting for your answer: allow or deny the entry in Visitors.' }),
  }),
};

/**
 * Packages (docs/modules/packages.md): each person who acts for the unit is told from the copy
 * of the event addressed to them, the only one with the pickup code; perishable ones by email
 * whatever their switches say.
 */
const packageRule = (key: string, text: Record<Language, (payload: PackageEventPayload) => NotificationText>): NotificationRule => ({
  recipients: (event, trx) => {
    const p = event.payload as PackageEventPayload;
    return event.audience === 'user' && p.forUnit ? trx('users').select('id').where({ id: event.userId }) : trx('users').select('id').whereRaw('false');
  },
  category: () => 'visitor',
  email: (event) => ((event.payload as PackageEventPayload).perishable ? 'always' : 'preference'),
  key: (event) => `${key}-${event.subjectId}-${(event.payload as PackageEventPayload).ageDays ?? 0}`,
  link: () => '/packages/mine',
  text: { es: (p) => text.es(p as PackageEventPayload), en: (p) => text.en(p as PackageEventPayload) },
});
const PACKAGE_RULES: Partial<Record<EventType, NotificationRule>> = {
  'package.logged': packageRule('package-logged', {
    es: (p) => ({
      title: `${p.perishable ? 'Paquete perecedero' : 'Tiene un paquete'} en recepción`,
      body: `Llegó un paquete de ${PACKAGE_LABELS.es.carrier[p.carrier]} para la unidad ${p.unitNumber} de ${p.propertyName}. Código de retiro: ${p.pickupCode ?? ''}.`,
    }),
    en: (p) => ({
      title: `${p.perishable ? 'A perishable package' : 'You have a package'} at the desk`,
      body: `A ${PACKAGE_LABELS.en.carrier[p.carrier]} package arrived for unit ${p.unitNumber} of ${p.propertyName}. Pickup code: ${p.pickupCode ?? ''}.`,
    }),
  }),
  'package.reminder': packageRule('package-reminder', {
    es: (p) => ({ title: 'Su paquete sigue en recepción', body: `Su paquete de ${PACKAGE_LABELS.es.carrier[p.carrier]} espera desde hace ${p.ageDays ?? 0} días. Código de retiro: ${p.pickupCode ?? ''}.` }),
    en: (p) => ({ title: 'Your package is still at the desk', body: `Your ${PACKAGE_LABELS.en.carrier[p.carrier]} package has waited ${p.ageDays ?? 0} days. Pickup code: ${p.pickupCode ?? ''}.` }),
  }),
  'package.returned': packageRule('package-returned', {
    es: (p) => ({ title: 'Paquete devuelto a la transportadora', body: `El paquete de ${PACKAGE_LABELS.es.carrier[p.carrier]} de la unidad ${p.unitNumber} se devolvió: ${p.reason ?? ''}` }),
    en: (p) => ({ title: 'Package returned to the carrier', body: `The ${PACKAGE_LABELS.en.carrier[p.carrier]} package of unit ${p.unitNumber} was returned: ${p.reason ?? ''}` }),
  }),
};

export const NOTIFICATION_RULES: Partial<Record<EventType, NotificationRule>> = {
  ...BILLING_RULES,
  ...FINANCE_REPORT_RULES,
  ...PACKAGE_RULES,
  ...BOOKING_RULES,
  ...VISITOR_RULES,
  ...ASSEMBLY_RULES,
  ...ONBOARDING_RULES,
  // "Send Message" to a resident: their own inbox, and email as their settings say.
  'notice.sent': {
    recipients: (event, trx) => trx('users').select('id').where({ id: event.userId }),
    category: () => 'messages',
    email: () => 'preference',
    link: () => null,
    text: {
      es: (p) => ({ title: String(p.title), body: `${p.message}\n\n${p.senderName}, administración` }),
      en: (p) => ({ title: String(p.title), body: `${p.message}\n\n${p.senderName}, administration` }),
    },
  },
  'broadcast.created': broadcastRule,
  'broadcast.updated': broadcastRule,
  // A self-registered account asks to join a property: the organization's administrators
  // approve or decline it in the residents screen's queue.
  // Accounts registered before join requests existed: no new events of this type are written,
  // but their notifications keep their texts.
  'user.registered': {
    recipients: (event, trx) => administratorsOf(trx, event.organizationId),
    category: () => 'account',
    email: () => 'never',
    link: () => '/residents',
    text: {
      es: (p) => ({ title: `Nueva cuenta: ${p.name}`, body: `${p.name} se registró en la plataforma.` }),
      en: (p) => ({ title: `New account: ${p.name}`, body: `${p.name} signed up.` }),
    },
  },
  'join_request.created': {
    recipients: (event, trx) => administratorsOf(trx, event.organizationId),
    category: () => 'account',
    email: () => 'never',
    link: () => '/residents',
    text: {
      es: (p) => ({
        title: `Solicitud de acceso: ${p.name}`,
        body: p.propertyName
          ? `${p.name} se registró y pide unirse a ${p.propertyName}. Apruebe o rechace la solicitud en Residentes.`
          : `${p.name} se registró y espera que la administración le asigne su propiedad en Residentes.`,
      }),
      en: (p) => ({
        title: `Access request: ${p.name}`,
        body: p.propertyName
          ? `${p.name} signed up and asks to join ${p.propertyName}. Approve or decline the request in Residents.`
          : `${p.name} signed up and waits for the administration to assign their property in Residents.`,
      }),
    },
  },
  // The decision, to the person who asked (the copy of the event addressed to them).
  'join_request.approved': joinDecisionRule({
    es: (p) => ({ title: 'Solicitud aprobada', body: `Ya es residente de ${p.propertyName}, unidad ${p.unitNumber}. ¡Le damos la bienvenida!` }),
    en: (p) => ({ title: 'Request approved', body: `You are now a resident of ${p.propertyName}, unit ${p.unitNumber}. Welcome!` }),
  }),
  'join_request.declined': joinDecisionRule({
    es: () => ({ title: 'Solicitud rechazada', body: 'La administración rechazó su solicitud de acceso. Si cree que es un error, contáctela.' }),
    en: () => ({ title: 'Request declined', body: 'The administration declined your access request. If you think this is a mistake, contact them.' }),
  }),
  // Maintenance (docs/modules/maintenance.md): emergencies reach the administrators at once.
  'maintenance.created': maintenanceRule(
    (changes) => (changes.priority === 'emergency' ? ['administrators'] : []),
    {
      es: (p) => ({ title: `Emergencia de mantenimiento: ${p.title}`, body: 'Nueva solicitud de emergencia: revísela y asígnela cuanto antes.' }),
      en: (p) => ({ title: `Maintenance emergency: ${p.title}`, body: 'A new emergency request: review and assign it as soon as possible.' }),
    },
    () => 'always',
  ),
  // The requester hears of status changes; a supplier of the work assigned to them; the
  // administrators of a refused assignment.
  'maintenance.updated': maintenanceRule(
    (changes) => [
      ...(changes.status || changes.reopened ? (['requester'] as const) : []),
      ...(changes.assignedTo ? (['assignee'] as const) : []),
      ...(changes.accepted === false || changes.staffRemoved ? (['administrators'] as const) : []),
    ],
    {
      es: (p) => ({ title: `Mantenimiento: ${p.title}`, body: describeChanges('es', p) }),
      en: (p) => ({ title: `Maintenance: ${p.title}`, body: describeChanges('en', p) }),
    },
  ),
  // Comments: public ones to the requester and the assignee, internal ones to the assignee.
  'maintenance.commented': maintenanceRule((_, internal) => (internal ? ['assignee'] : ['requester', 'assignee']), {
    es: (p) => ({ title: `Nuevo comentario: ${p.title}`, body: p.comment ?? '' }),
    en: (p) => ({ title: `New comment: ${p.title}`, body: p.comment ?? '' }),
  }),
  'maintenance.overdue': maintenanceRule(() => ['administrators'], {
    es: (p) => ({ title: `Solicitud vencida: ${p.title}`, body: 'Pasó su plazo de respuesta sin resolverse.' }),
    en: (p) => ({ title: `Overdue request: ${p.title}`, body: 'Its response deadline passed unresolved.' }),
  }),
};

export const ruleFor = (type: string): NotificationRule | undefined => NOTIFICATION_RULES[type as EventType];

/** The rule an event is notified by: its type's, when the event is the copy of the change the rule notifies on (`copy`). */
export function notifyingRule(event: Pick<LiveEvent, 'type' | 'audience'>): NotificationRule | undefined {
  const rule = ruleFor(event.type);
  return rule && (!rule.copy || rule.copy === event.audience) ? rule : undefined;
}

/** notifyingRule in SQL: narrows a query of `events` to those notified (the sweep's, and the tests' wait for them). */
export function whereNotified(query: Knex.QueryBuilder): Knex.QueryBuilder {
  const rules = Object.entries(NOTIFICATION_RULES);
  query.whereIn('events.type', rules.map(([type]) => type));
  for (const copy of new Set(rules.flatMap(([, rule]) => (rule.copy ? [rule.copy] : [])))) {
    const types = rules.filter(([, rule]) => rule.copy === copy).map(([type]) => type);
    query.whereNot((other) => other.whereIn('events.type', types).whereNot('events.audience', copy));
  }
  return query;
}
