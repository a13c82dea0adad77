import { z } from 'zod';
import { ASSEMBLY_KINDS, MAX_NOTICE_DAYS, MIN_NOTICE_DAYS, ASSEMBLY_STATUSES, ATTENDANCE_VIA, ITEM_KINDS, MAJORITIES, WEIGHTINGS, type AssemblyAction, type AssemblyKind, type AssemblyStatus, type ItemKind, type ItemResult, type ItemStatus, type Majority, type Quorum, type Tally, type Weighting } from '../assemblies';
import { PageQuerySchema, optionalText, requiredText, text } from './common';
import { instantField } from './dates';
import { uploadFileName } from './documents';

/** Assemblies requests (docs/modules/assemblies.md, "API"). */

const idField = (key = 'invalid_value') => z.number({ error: key }).int({ error: key }).positive({ error: key });
const queryId = z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).optional();

export const MAX_ASSEMBLY_ITEMS = 50;

const optionsField = z
  .array(requiredText('assembly_options_invalid', 'name'), { error: 'assembly_options_invalid' })
  .min(2, { error: 'assembly_options_invalid' })
  .max(10, { error: 'assembly_options_invalid' })
  .refine((options) => new Set(options.map((option) => option.toLowerCase())).size === options.length, { error: 'assembly_options_invalid' });

export const AssemblyItemSchema = z.object({
  title: requiredText('assembly_title_required', 'title'),
  description: optionalText('text'),
  kind: z.enum(ITEM_KINDS, { error: 'assembly_item_kind_invalid' }).default('vote'),
  options: optionsField.optional(),
  majority: z.enum(MAJORITIES, { error: 'assembly_majority_invalid' }).default('simple'),
  weighting: z.enum(WEIGHTINGS, { error: 'assembly_weighting_invalid' }).default('share'),
  secret: z.boolean({ error: 'invalid_value' }).default(false),
});
export type AssemblyItemInput = z.infer<typeof AssemblyItemSchema>;

const itemsField = z.array(AssemblyItemSchema, { error: 'invalid_value' }).max(MAX_ASSEMBLY_ITEMS, { error: 'assembly_items_too_many' });
const quorumField = z.number({ error: 'assembly_quorum_invalid' }).int({ error: 'assembly_quorum_invalid' }).min(0, { error: 'assembly_quorum_invalid' }).max(99, { error: 'assembly_quorum_invalid' });

const assemblyFields = {
  kind: z.enum(ASSEMBLY_KINDS, { error: 'assembly_kind_invalid' }),
  title: requiredText('assembly_title_required', 'title'),
  firstCallAt: instantField('assembly_call_invalid'),
  secondCallAt: instantField('assembly_call_invalid').nullish(),
  place: optionalText('line'),
  meetingUrl: optionalText('url'),
  quorumFirstCall: quorumField.optional(),
  blockDelinquent: z.boolean({ error: 'invalid_value' }).optional(),
  items: itemsField,
};

const secondAfterFirst = (value: { firstCallAt?: Date; secondCallAt?: Date | null }, ctx: z.RefinementCtx) => {
  if (value.firstCallAt && value.secondCallAt && value.secondCallAt < value.firstCallAt) {
    ctx.addIssue({ code: 'custom', path: ['secondCallAt'], message: 'assembly_second_call_before' });
  }
};

export const AssemblyCreateSchema = z
  .object({ propertyId: idField('invalid_value'), ...assemblyFields, kind: assemblyFields.kind.default('ordinary'), items: itemsField.default([]) })
  .superRefine(secondAfterFirst);
export type AssemblyCreateInput = z.infer<typeof AssemblyCreateSchema>;

export const AssemblyPatchSchema = z
  .object({
    kind: assemblyFields.kind.optional(),
    title: assemblyFields.title.optional(),
    firstCallAt: assemblyFields.firstCallAt.optional(),
    secondCallAt: assemblyFields.secondCallAt,
    place: optionalText('line').optional(),
    meetingUrl: optionalText('url').optional(),
    quorumFirstCall: assemblyFields.quorumFirstCall,
    blockDelinquent: assemblyFields.blockDelinquent,
    items: itemsField.optional(),
  })
  .superRefine(secondAfterFirst);
export type AssemblyPatchInput = z.infer<typeof AssemblyPatchSchema>;

export const AssemblyListQuerySchema = PageQuerySchema.extend({
  propertyId: queryId,
  status: z.enum(ASSEMBLY_STATUSES, { error: 'assembly_status_invalid' }).optional(),
});
export type AssemblyListQuery = z.infer<typeof AssemblyListQuerySchema>;

export const AssemblyCancelSchema = z.object({ reason: requiredText('assembly_reason_required', 'summary') });

export const AttendanceSchema = z.object({
  unitId: idField('assembly_unit_invalid'),
  present: z.boolean({ error: 'invalid_value' }).default(true),
  via: z.enum(ATTENDANCE_VIA, { error: 'invalid_value' }).default('online'),
});
export type AttendanceInput = z.infer<typeof AttendanceSchema>;

export const VoteSchema = z.object({
  unitId: idField('assembly_unit_invalid'),
  option: text('name', 'assembly_option_invalid').min(1, { error: 'assembly_option_invalid' }),
});
export type VoteInput = z.infer<typeof VoteSchema>;

/** Signed proxy letters: a PDF or a photo of it. */
export const PROXY_LETTER_TYPES = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
} as const satisfies Record<string, readonly string[]>;
export type ProxyLetterType = keyof typeof PROXY_LETTER_TYPES;
export const MAX_PROXY_LETTER_BYTES = 10 * 1024 * 1024;

export const ProxyCreateSchema = z
  .object({
    unitId: idField('assembly_unit_invalid'),
    holderUserId: idField('assembly_proxy_holder_invalid').nullish(),
    holderName: optionalText('name'),
    holderIdNumber: optionalText('code'),
    letter: z.object(
      {
        fileName: uploadFileName,
        fileType: z.preprocess(
          (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
          z.enum(Object.keys(PROXY_LETTER_TYPES) as [ProxyLetterType, ...ProxyLetterType[]], { error: 'assembly_proxy_letter_type' }),
        ),
        content: z.string({ error: 'assembly_proxy_letter_required' }).trim().min(1, { error: 'assembly_proxy_letter_required' }),
      },
      { error: 'assembly_proxy_letter_required' },
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.holderUserId && !(value.holderName && value.holderIdNumber)) {
      ctx.addIssue({ code: 'custom', path: ['holderName'], message: 'assembly_proxy_holder_required' });
    }
  });
export type ProxyCreateInput = z.infer<typeof ProxyCreateSchema>;

export const ProxyDecisionSchema = z.object({ status: z.enum(['approved', 'rejected'], { error: 'assembly_status_invalid' }) });

// ----------------------------------------------------------------------------------------------
// Answers.

export type AssemblyItem = {
  id: number;
  position: number;
  title: string;
  description: string | null;
  kind: ItemKind;
  options: string[];
  majority: Majority;
  weighting: Weighting;
  secret: boolean;
  status: ItemStatus;
  openedAt: string | null;
  closedAt: string | null;
  tally: Tally | null;
  result: ItemResult | null;
  /** The caller's ballots on this item, per unit they vote for. */
  myVotes: Array<{ unitId: number; option: string }>;
};

export type Assembly = {
  id: number;
  organizationId: number;
  propertyId: number;
  propertyName: string;
  kind: AssemblyKind;
  title: string;
  status: AssemblyStatus;
  firstCallAt: string;
  secondCallAt: string;
  place: string | null;
  meetingUrl: string | null;
  quorumFirstCall: number;
  blockDelinquent: boolean;
  cancelReason: string | null;
  convenedAt: string | null;
  startedAt: string | null;
  closedAt: string | null;
  cancelledAt: string | null;
  minutesDocumentId: number | null;
  version: number;
};

export type AssemblyDetail = Assembly & {
  items: AssemblyItem[];
  quorum: Quorum;
  quorumFirst: Quorum | null;
  quorumSecond: Quorum | null;
  actions: AssemblyAction[];
  /** Units the caller votes for (own or by approved proxy), with whether each is present and may vote. */
  myUnits: Array<{ unitId: number; unitNumber: string; present: boolean; viaProxy: boolean; blocked: boolean }>;
  /** Set when convening now would give fewer days of notice than the organization's setting. */
  noticeWarning: string | null;
};

export type AttendanceRow = {
  unitId: number;
  unitNumber: string;
  share: number;
  ownerName: string | null;
  present: boolean;
  via: 'room' | 'online' | null;
  proxyHolder: string | null;
};

/** Socket event payloads (to the property's room and its administrators). */
export type AssemblyLivePayload = {
  assemblyId: number;
  itemId?: number;
  quorum?: Quorum;
  tally?: Tally;
  result?: ItemResult;
  status?: AssemblyStatus;
  /** Convened and cancelled: what the notice says. */
  title?: string;
  firstCallAt?: string;
  place?: string | null;
  reason?: string | null;
  /** A vote opened: the item's title (the inbox and push say which vote). */
  itemTitle?: string;
};

/** `PUT /api/assemblies/settings`: the days of notice under which convening warns (system settings). */
export const AssemblySettingsSchema = z.object({
  noticeDays: z
    .number({ error: 'assembly_notice_days_invalid' })
    .int({ error: 'assembly_notice_days_invalid' })
    .min(MIN_NOTICE_DAYS, { error: 'assembly_notice_days_invalid' })
    .max(MAX_NOTICE_DAYS, { error: 'assembly_notice_days_invalid' }),
});
export type AssemblySettings = z.infer<typeof AssemblySettingsSchema>;
