import { z } from 'zod';
import { VISIT_TYPES, VISITOR_STATUSES, VISITOR_TABS, type PassKind, type VisitType, type VisitorStatus } from '../enums';
import { PageQuerySchema, emailField, optionalPhone, optionalText, requiredText, versionField } from './common';
import { dayField, instantField } from './dates';
import { addDays, dayOf } from '../time';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, normalizeCode } from '../access-codes';

/** Visitor passes, the front desk and retention (docs/modules/visitors.md). */

const ACCESS_CODE_PATTERN = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`);
const PASS_LINK_PATTERN = /\/pass\/([A-Za-z0-9_-]{16,64})\/?(?:[?#].*)?$/;
/**
 * What the desk looks up for a scanned QR. A pass's QR holds its access code as shown
 * (`ACDE-FG34`): that gives the 8-character code. A pass link (`…/pass/<token>`, e.g. a
 * screenshot of the message) has no code in it: it gives `/pass/<token>`, which the lookup
 * resolves by the token. Anything else (another QR, a code with look-alike letters) is null.
 */
export function passKeyFromScan(text: string): string | null {
  const value = text.trim();
  if (!value || value.length > 2048) return null;
  const link = PASS_LINK_PATTERN.exec(value);
  if (link) return `/pass/${link[1]}`;
  const code = normalizeCode(value);
  return ACCESS_CODE_PATTERN.test(code) ? code : null;
}

/** How long the desk waits for the host to answer a walk-in. */
export const WALK_IN_TIMEOUT_MS = 3 * 60_000;
/** Visitors' personal data is anonymised this many days after the visit unless the organization sets another period (Ley 172-13). */
export const DEFAULT_RETENTION_DAYS = 180;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;
/** The name an anonymised visitor keeps. */
export const ANONYMISED_NAME = 'Visitante anonimizado';
/** A recurring pass lasts at most a year. */
export const MAX_RECURRENCE_DAYS = 366;

/**
 * Why the desk refuses a code (each shown in big letters with its own text). `host_left`: the
 * pass was cancelled when its host stopped living in (or owning) the unit.
 */
export const REFUSAL_REASONS = ['unknown', 'cancelled', 'expired', 'not_today', 'already_used', 'do_not_admit', 'host_left'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type VisitorAction = 'edit' | 'cancel' | 'share' | 'checkIn' | 'checkOut' | 'decide';

/** A pass as the signed-in screens read it. */
export type VisitorView = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  purpose: string | null;
  visitType: VisitType;
  passKind: PassKind;
  status: VisitorStatus;
  propertyId: number;
  propertyName: string;
  unitId: number | null;
  unitNumber: string | null;
  host: { id: number; name: string } | null;
  expectedArrival: string | null;
  expectedDeparture: string | null;
  validFrom: string | null;
  validTo: string | null;
  weekdays: number[] | null;
  maxUses: number | null;
  uses: number;
  vehiclePlate: string | null;
  notes: string | null;
  accessCode: string | null;
  passToken: string | null;
  checkInTime: string | null;
  checkOutTime: string | null;
  checkedInBy: string | null;
  checkedOutBy: string | null;
  cancelledReason: string | null;
  walkIn: boolean;
  decisionDueAt: string | null;
  inside: boolean;
  anonymised: boolean;
  version: number;
  actions: VisitorAction[];
};

/** `GET /api/passes/:token`: only what a visitor needs, nothing else. */
export type PublicPass = {
  firstName: string;
  propertyName: string;
  validFrom: string | null;
  validTo: string | null;
  weekdays: number[] | null;
  status: VisitorStatus;
  accessCode: string;
};

export type VisitorSummary = { today: number; upcoming: number; thisWeek: number; insideNow: number };

/** `POST /api/desk/lookup`. */
export type DeskVerdict = { valid: boolean; reason?: RefusalReason; visitor?: VisitorView };

export type VisitorBlockView = { id: number; propertyId: number; unitId: number; unitNumber: string; name: string; reason: string | null; createdAt: string };

/** What visitor events carry (the live updates and notifications read it). */
export type VisitorEventPayload = {
  id: number;
  name: string;
  status: VisitorStatus;
  propertyId: number;
  propertyName: string;
  unitId: number | null;
  unitNumber: string | null;
  hostId: number;
  visitType: VisitType;
  walkIn: boolean;
  uses: number;
  decisionDueAt?: string | null;
  allow?: boolean;
};

const id = (key = 'invalid_value') => z.number({ error: key }).int({ error: key }).positive({ error: key });
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const queryId = z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' });
const visitType = z.enum(VISIT_TYPES, { error: 'visitor_type_invalid' });
const weekdays = z
  .array(z.number({ error: 'visitor_weekdays_invalid' }).int({ error: 'visitor_weekdays_invalid' }).min(1, { error: 'visitor_weekdays_invalid' }).max(7, { error: 'visitor_weekdays_invalid' }), {
    error: 'visitor_weekdays_invalid',
  })
  .min(1, { error: 'visitor_weekdays_required' })
  .max(7, { error: 'visitor_weekdays_invalid' })
  .transform((list) => [...new Set(list)].sort());
const recurrence = z.object({ until: dayField('visitor_until_invalid'), weekdays });
const optionalEmail = () => z.preprocess(blankAsMissing, emailField().optional()).transform((value) => value ?? null);
const plate = () => optionalText('code').transform((value) => (value ? value.toUpperCase() : value));

const checkDates = (
  value: { expectedArrival?: Date; expectedDeparture?: Date | null; recurrence?: { until: string } | null },
  ctx: z.RefinementCtx,
) => {
  // Refinements run even when a field failed: only well-formed values are compared.
  const isDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
  if (!isDate(value.expectedArrival)) return;
  if (isDate(value.expectedDeparture) && value.expectedDeparture < value.expectedArrival) {
    ctx.addIssue({ code: 'custom', path: ['expectedDeparture'], message: 'visitor_departure_before' });
  }
  if (value.recurrence && typeof value.recurrence.until === 'string') {
    const from = dayOf(value.expectedArrival);
    if (value.recurrence.until < from) ctx.addIssue({ code: 'custom', path: ['recurrence', 'until'], message: 'visitor_until_before' });
    else if (value.recurrence.until > addDays(from, MAX_RECURRENCE_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['recurrence', 'until'], message: 'visitor_until_too_far' });
    }
  }
};

/** `POST /api/visitors`: a pass for a unit (hosts their own, administrators any). */
export const VisitorCreateSchema = z
  .object({
    propertyId: z.preprocess(blankAsMissing, id('visitor_property_required')),
    unitId: z.preprocess(blankAsMissing, id('visitor_unit_required')),
    name: requiredText('visitor_name_required', 'name'),
    email: optionalEmail(),
    phone: optionalPhone(),
    purpose: optionalText('line'),
    visitType: visitType.default('guest'),
    expectedArrival: instantField('visitor_arrival_required'),
    expectedDeparture: z.preprocess(blankAsMissing, instantField().optional()).transform((value) => value ?? null),
    recurrence: recurrence.nullish().transform((value) => value ?? null),
    vehiclePlate: plate(),
    notes: optionalText('text'),
  })
  .superRefine(checkDates);
export type VisitorCreateInput = z.infer<typeof VisitorCreateSchema>;

/** Who the visitor is (the edit dialog's fields). */
export const VisitorDetailsSchema = z.object({
  name: requiredText('visitor_name_required', 'name'),
  email: optionalEmail(),
  phone: optionalPhone(),
  purpose: optionalText('line'),
  vehiclePlate: plate(),
  notes: optionalText('text'),
});
export type VisitorDetailsInput = z.infer<typeof VisitorDetailsSchema>;

/** `PATCH /api/visitors/:id`: an edit of the pass, or `{ status: 'cancelled' }`, or a new link (`revokeLink`). */
export const VisitorPatchSchema = z
  .object({
    ...VisitorDetailsSchema.shape,
    visitType,
    expectedArrival: instantField('visitor_arrival_required'),
    expectedDeparture: z.preprocess(blankAsMissing, instantField().nullable()),
    recurrence: recurrence.nullable(),
    status: z.literal('cancelled', { error: 'visitor_status_invalid' }),
    cancelledReason: optionalText('line'),
    revokeLink: z.literal(true, { error: 'invalid_value' }),
    version: versionField(),
  })
  .partial()
  .superRefine(checkDates);
export type VisitorPatchInput = z.infer<typeof VisitorPatchSchema>;

/** `GET /api/visitors` (and its CSV). */
export const VisitorListQuerySchema = PageQuerySchema.extend({
  propertyId: z.preprocess(blankAsMissing, queryId.optional()),
  status: z.preprocess(blankAsMissing, z.enum(VISITOR_STATUSES, { error: 'visitor_status_invalid' }).optional()),
  tab: z.preprocess(blankAsMissing, z.enum(VISITOR_TABS, { error: 'invalid_value' }).default('all')),
  visitType: z.preprocess(blankAsMissing, visitType.optional()),
  from: z.preprocess(blankAsMissing, dayField().optional()),
  to: z.preprocess(blankAsMissing, dayField().optional()),
});
export type VisitorListQuery = z.infer<typeof VisitorListQuerySchema>;

export const VisitorPropertyQuerySchema = z.object({ propertyId: z.preprocess(blankAsMissing, queryId.optional()) });
export const DeskQuerySchema = z.object({
  propertyId: z.preprocess(blankAsMissing, z.coerce.number({ error: 'visitor_property_required' }).int({ error: 'visitor_property_required' }).positive({ error: 'visitor_property_required' })),
});

/** `POST /api/desk/lookup`: a typed or scanned code (a scanned pass link works too). */
export const DeskLookupSchema = z.object({
  propertyId: id('visitor_property_required'),
  code: requiredText('visitor_code_required', 'url').transform((value) => {
    const fromLink = /\/pass\/([A-Za-z0-9_-]+)/.exec(value);
    return fromLink ? { token: fromLink[1] } : { code: normalizeCode(value) };
  }),
});

/** `POST /api/desk/walk-ins`: a visitor without a pass; the host is asked live. */
export const WalkInSchema = z.object({
  propertyId: id('visitor_property_required'),
  unitId: z.preprocess(blankAsMissing, id('visitor_unit_required')),
  name: requiredText('visitor_name_required', 'name'),
  visitType: visitType.default('guest'),
  phone: optionalPhone(),
  vehiclePlate: plate(),
  purpose: optionalText('line'),
});
export type WalkInInput = z.infer<typeof WalkInSchema>;

/** `POST /api/visitors/:id/decision`: the host's answer to a walk-in. */
export const VisitorDecisionSchema = z.object({ allow: z.boolean({ error: 'boolean_required' }) });

/** `POST /api/visitors/do-not-admit`: a name the desk must refuse for a unit. */
export const VisitorBlockCreateSchema = z.object({
  propertyId: id('visitor_property_required'),
  unitId: z.preprocess(blankAsMissing, id('visitor_unit_required')),
  name: requiredText('visitor_name_required', 'name'),
  reason: optionalText('line'),
});
export type VisitorBlockCreateInput = z.infer<typeof VisitorBlockCreateSchema>;

/** `PUT /api/visitors/settings`: how long visitors' personal data is kept. */
export const VisitorSettingsSchema = z.object({
  retentionDays: z
    .number({ error: 'visitor_retention_invalid' })
    .int({ error: 'visitor_retention_invalid' })
    .min(MIN_RETENTION_DAYS, { error: 'visitor_retention_invalid' })
    .max(MAX_RETENTION_DAYS, { error: 'visitor_retention_invalid' }),
});
export type VisitorSettings = z.infer<typeof VisitorSettingsSchema>;

/** The first name the public pass shows. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export const passUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/pass/${token}`;
/** "Compartir por WhatsApp": a wa.me link with the pass's address. */
export const whatsappLink = (message: string) => `https://wa.me/?text=${encodeURIComponent(message)}`;
