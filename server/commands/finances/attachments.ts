import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import {
  EXPENSE_ATTACHMENT_TYPES,
  MAX_EXPENSE_ATTACHMENTS,
  MAX_EXPENSE_ATTACHMENT_BYTES,
  type ExpenseAttachmentInput,
} from '../../../shared/schemas/financesFiles';
import { conflict } from '../../errors';
import type { User } from '../../models';
import type { ExpenseAttachmentRow, StoredExpense } from '../../rows/finances';
import { checkedFileBytes } from '../../services/files';
import { readExpense, tellExpense } from './expenses';

/**
 * Expense attachments (docs/modules/finances.md, "Attachments"): the invoice's photo or PDF,
 * through the product's one upload path (services/files.ts: base64, size, and declared type,
 * extension and magic bytes agreeing).
 */
const ATTACHMENT_RULES = {
  types: EXPENSE_ATTACHMENT_TYPES,
  maxBytes: MAX_EXPENSE_ATTACHMENT_BYTES,
  messages: {
    invalidContent: 'finances_attachment_invalid',
    empty: 'finances_attachment_required',
    tooLarge: 'finances_attachment_too_large',
    invalidType: 'finances_attachment_type',
  },
};

const ATTACHMENT_COLUMNS = ['id', 'expenseId', 'fileName', 'fileType', 'sizeBytes', 'uploadedById', 'createdAt'] as const;

/**
 * Every file is checked before any is stored: one bad file refuses the request. Errors name
 * `attachments.<i>.content` (the expense's list) or `content` (one file added).
 */
async function checkedFiles(inputs: ExpenseAttachmentInput[], listed: boolean) {
  const files = [];
  for (const [index, input] of inputs.entries()) {
    const fields = listed ? { content: `attachments.${index}.content`, fileType: `attachments.${index}.fileType` } : undefined;
    files.push({ input, bytes: await checkedFileBytes(input, { ...ATTACHMENT_RULES, fields }) });
  }
  return files;
}

/**
 * Stores the files of an expense (checked first; at most MAX_EXPENSE_ATTACHMENTS in all, 409
 * past it). The caller holds the expense.
 */
export async function storeAttachments(trx: Knex, actor: User, expense: Pick<StoredExpense, 'id' | 'organizationId'>, inputs: ExpenseAttachmentInput[], { listed = true } = {}) {
  if (!inputs.length) return [];
  const files = await checkedFiles(inputs, listed);
  const [{ count }] = await trx('expenseAttachments').where({ expenseId: expense.id }).count({ count: '*' });
  if (Number(count) + files.length > MAX_EXPENSE_ATTACHMENTS) throw conflict(messageText('finances_attachment_limit'), 'attachment_limit');
  return (await trx('expenseAttachments').insert(
    files.map(({ input, bytes }) => ({
      organizationId: expense.organizationId,
      expenseId: expense.id,
      uploadedById: actor.id,
      fileName: input.fileName,
      fileType: input.fileType,
      sizeBytes: bytes.length,
      content: bytes,
    })),
    [...ATTACHMENT_COLUMNS],
  )) as ExpenseAttachmentRow[];
}

/**
 * Adds a file to an expense already recorded (any state: a paid invoice's photo may come
 * later; it changes no money). Tells the administrators as an update of the expense.
 */
export async function addAttachment(trx: Knex, actor: User, expense: StoredExpense, input: ExpenseAttachmentInput) {
  const [attachment] = await storeAttachments(trx, actor, expense, [input], { listed: false });
  const detail = await readExpense(trx, expense.id);
  await tellExpense(trx, 'expense.updated', actor, detail, { changed: ['attachments'], attachment: { id: attachment.id, fileName: attachment.fileName } });
  return detail;
}

/** One file of an expense with its bytes, or undefined. */
export const attachmentContent = (trx: Knex, expenseId: number, id: number): Promise<{ fileName: string | null; fileType: string; content: Buffer } | undefined> =>
  trx('expenseAttachments').where({ id, expenseId }).first('fileName', 'fileType', 'content');
