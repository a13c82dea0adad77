import { z } from 'zod';
import { ExpenseCreateSchema } from './finances';
import { text } from './common';

/**
 * Expense attachments (docs/modules/finances.md, "Attachments"): the invoice's photo (a phone's
 * camera gives JPEG or PNG) or its PDF, at most 10 MB each, checked on the bytes by the server.
 */
export const EXPENSE_ATTACHMENT_TYPES = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
} as const satisfies Record<string, readonly string[]>;
export type ExpenseAttachmentType = keyof typeof EXPENSE_ATTACHMENT_TYPES;
export const MAX_EXPENSE_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** At most this many files per expense (an invoice, its pages, a receipt). */
export const MAX_EXPENSE_ATTACHMENTS = 5;

/** One file as base64 (a `data:` URL is accepted), its declared type and name. */
export const ExpenseAttachmentSchema = z.object({
  fileName: text('line').nullish().transform((value) => value?.split(/[\\/]/).pop() || null),
  fileType: z.enum(Object.keys(EXPENSE_ATTACHMENT_TYPES) as [ExpenseAttachmentType, ...ExpenseAttachmentType[]], { error: 'finances_attachment_type' }),
  content: z.string({ error: 'finances_attachment_required' }).min(1, { error: 'finances_attachment_required' }),
});
export type ExpenseAttachmentInput = z.infer<typeof ExpenseAttachmentSchema>;

/** `POST /api/expenses`: the expense and, optionally, its invoice's photo or PDF. */
export const ExpenseCreateWithAttachmentsSchema = ExpenseCreateSchema.extend({
  attachments: z.array(ExpenseAttachmentSchema).max(MAX_EXPENSE_ATTACHMENTS, { error: 'finances_attachment_limit' }).optional(),
});
export type ExpenseCreateWithAttachmentsInput = z.infer<typeof ExpenseCreateWithAttachmentsSchema>;
