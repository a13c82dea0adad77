import { z } from 'zod';
import { DOCUMENT_ACCESS, DOCUMENT_CATEGORIES, DOCUMENT_SHOW } from '../enums';
import { PageQuerySchema, text } from './common';

/** Spec section 9: the largest file, counted on the decoded bytes. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * The file types a document may have (spec section 5), with the extensions each may carry.
 * Same shape as react-dropzone's `accept`.
 */
export const DOCUMENT_FILE_TYPES = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
} as const satisfies Record<string, readonly string[]>;
export type DocumentFileType = keyof typeof DOCUMENT_FILE_TYPES;
const FILE_TYPES = Object.keys(DOCUMENT_FILE_TYPES) as [DocumentFileType, ...DocumentFileType[]];

const MISSING = 'document_missing_fields';

// An unset select or a blank field counts as missing.
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

const category = z.enum(DOCUMENT_CATEGORIES, {
  error: (issue) => (issue.input === undefined ? MISSING : 'document_category_invalid'),
});
const access = z.enum(DOCUMENT_ACCESS, {
  error: (issue) => (issue.input === undefined ? MISSING : 'document_access_invalid'),
});

/** Only the last segment of a path a browser may send (`C:\fakepath\acta.pdf`); empty becomes null. */
export const uploadFileName = text('file')
  .nullish()
  .transform((value) => value?.split(/[\\/]/).pop()?.trim() || null);

/**
 * `POST /api/documents`. `fileSize` may be sent but is ignored: the server computes it from
 * the decoded bytes. `sharedWith` (user ids) is required for `custom` access and ignored for
 * the others.
 */
export const DocumentUploadSchema = z
  .object({
    title: text('title', MISSING).min(1, { error: MISSING }),
    category: z.preprocess(blankAsMissing, category),
    access: z.preprocess(blankAsMissing, access),
    content: z.string({ error: MISSING }).trim().min(1, { error: MISSING }),
    fileType: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.enum(FILE_TYPES, { error: 'document_invalid_type' }),
    ),
    fileName: uploadFileName,
    propertyId: z.preprocess(
      blankAsMissing,
      z.number({ error: 'document_property_invalid' }).int({ error: 'document_property_invalid' }).positive({ error: 'document_property_invalid' }).optional(),
    ),
    sharedWith: z
      .array(z.number().int().positive(), { error: 'document_shared_with_invalid' })
      .max(500, { error: 'document_shared_with_invalid' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine((value, ctx) => {
    if (value.access === 'custom' && !value.sharedWith.length) {
      ctx.addIssue({ code: 'custom', path: ['sharedWith'], message: 'document_shared_with_required' });
    }
  });
export type DocumentUploadInput = z.infer<typeof DocumentUploadSchema>;

/** `GET /api/documents`: paging, title search, Show select and category filter. */
export const DocumentListQuerySchema = PageQuerySchema.extend({
  show: z.preprocess(blankAsMissing, z.enum(DOCUMENT_SHOW, { error: 'invalid_value' }).default('all')),
  category: z.preprocess(blankAsMissing, z.enum(DOCUMENT_CATEGORIES, { error: 'document_category_invalid' }).optional()),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

/** `GET /api/documents/:id?include=content`: the bytes (base64) only when asked for. */
export const DocumentQuerySchema = z.object({
  include: z.enum(['content'], { error: 'invalid_value' }).optional(),
});

/** `GET /api/documents/:id/download?inline=1`: view mode (PDFs and images shown by the browser). */
export const DocumentDownloadQuerySchema = z.object({
  inline: z
    .enum(['0', '1', 'true', 'false'], { error: 'invalid_value' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** One document as the API answers it (never its bytes, unless asked for one document). */
export type DocumentItem = {
  id: number;
  title: string;
  category: (typeof DOCUMENT_CATEGORIES)[number];
  access: (typeof DOCUMENT_ACCESS)[number];
  fileName: string | null;
  fileSize: string;
  sizeBytes: number;
  fileType: string;
  propertyId: number | null;
  uploadedById: number | null;
  uploadedBy: { id: number; name: string; lastName: string | null } | null;
  uploadedAt: string;
  lastModified: string;
  /** Users a `custom` document is shared with: only for administrators and the uploader. */
  sharedWith?: number[];
  canDelete: boolean;
  /** Base64, only for `GET /api/documents/:id?include=content`. */
  content?: string;
};

/** `GET /api/documents/categories`: every category, with the count of readable documents. */
export type DocumentCategoryCount = { name: (typeof DOCUMENT_CATEGORIES)[number]; count: number };
