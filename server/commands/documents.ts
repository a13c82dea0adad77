import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { DOCUMENT_CATEGORIES } from '../../shared/enums';
import { formatFileSize } from '../../shared/format';
import { isAdministrator } from '../../shared/permissions';
import { messageText } from '../../shared/messages';
import {
  DOCUMENT_FILE_TYPES,
  MAX_DOCUMENT_BYTES,
  type DocumentCategoryCount,
  type DocumentFileType,
  type DocumentListQuery,
  type DocumentUploadInput,
} from '../../shared/schemas/documents';
import { db } from '../db';
import { AppError, validationError } from '../errors';
import { recordEvent, type EventInput } from '../events/outbox';
import { Document, type User } from '../models';
import type { DocumentMeta, DocumentWithDetails } from '../rows/documents';
import { documentReaderIds, shareableUserIds, whereDocumentReadable } from '../policies/documents';
import { findReadableProperty } from '../policies/properties';
import { reachableOrganizationIds } from '../policies/tenancy';
import { foldedContains } from '../db/search';
import { checkedFileBytes, type FileRules } from '../services/files';
import { rememberedPage } from '../services/listTotals';

/**
 * The documents the user may read, filtered (no select, no order): the list and its count.
 * Plain Knex: a list's rows go straight to the presenter, no model is needed.
 */
export function readableDocumentsQuery(user: User, filters: DocumentListQuery, trx: Knex = db()): Knex.QueryBuilder {
  const query = whereDocumentReadable(trx('documents'), user, trx);
  if (filters.show === 'mine') query.where('documents.uploadedById', user.id);
  if (filters.show === 'shared') {
    query.where('documents.access', 'custom').whereExists(
      trx('document_shares').whereRaw('document_shares.document_id = documents.id').where('document_shares.user_id', user.id),
    );
  }
  if (filters.category) query.where('documents.category', filters.category);
  // Case- and accent-insensitive ("guia" finds "Guía"), through a trigram index.
  if (filters.q) query.where(trx.raw('public.vecindad_fold(documents.title)'), 'like', foldedContains(trx, filters.q));
  return query;
}

/**
 * One page of the list, newest first. Never reads `content`, whatever the files weigh.
 * `organizationIds`: an administrator's organizations as values (see listDocuments).
 */
export function documentPageQuery(user: User, filters: DocumentListQuery, trx: Knex = db(), organizationIds: number[] | null = null) {
  const page = readableDocumentsQuery(user, filters, trx)
    .select(...Document.metaColumns)
    .orderBy([
      { column: 'documents.uploadedAt', order: 'desc' },
      { column: 'documents.id', order: 'desc' },
    ])
    .offset(filters.offset);
  if (organizationIds) page.whereIn('documents.organizationId', organizationIds);
  return filters.limit ? page.limit(filters.limit) : page;
}

/** The documents the user may read (one page) with the total for `X-Total-Count`. */
export async function listDocuments(user: User, filters: DocumentListQuery, trx: Knex = db()) {
  // An administrator's organizations are also given as values (not only as the subquery of
  // the policy): PostgreSQL then reads the (organization_id, uploaded_at) index newest first
  // and stops after one page, instead of sorting every document of the organization.
  const organizationIds = isAdministrator(user) ? await reachableOrganizationIds(user, trx) : null;
  const page = selectDetails(documentPageQuery(user, filters, trx, organizationIds), trx);
  return rememberedPage(user, { page, filtered: () => readableDocumentsQuery(user, filters, trx) }, trx, { finish: (rows: DetailedRow[]) => rows.map(detailed) });
}

/** Every category of the enumeration with the number of documents the user may read in it. */
export async function countDocumentsByCategory(user: User, trx: Knex = db()): Promise<DocumentCategoryCount[]> {
  const rows: Array<{ category: string; count: number }> = await whereDocumentReadable(trx('documents'), user, trx)
    .select('documents.category')
    .count('* as count')
    .groupBy('documents.category');
  const counts = new Map(rows.map((row) => [row.category, Number(row.count)]));
  return DOCUMENT_CATEGORIES.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

/**
 * Adds to a query of `documents` its uploader's name and, for `custom` documents, the ids of
 * the users they are shared with: in the same statement, so a page is one round trip.
 */
function selectDetails(query: Knex.QueryBuilder, trx: Knex) {
  return query
    .leftJoin('users as uploader', 'uploader.id', 'documents.uploadedById')
    .select(
      'uploader.name as uploaderName',
      'uploader.lastName as uploaderLastName',
      trx.raw(`case when documents.access = 'custom'
        then array(select s.user_id from document_shares s where s.document_id = documents.id order by s.user_id)
        else '{}' end as shared_with_ids`),
    );
}

type DetailedRow = DocumentMeta & { uploaderName: string; uploaderLastName: string | null; sharedWithIds: number[] };

/** A row of `selectDetails` as the presenter takes it. */
function detailed(row: DetailedRow): DocumentWithDetails {
  const uploadedBy = row.uploadedById ? { id: row.uploadedById, name: row.uploaderName, lastName: row.uploaderLastName } : undefined;
  return Object.assign(row, { uploadedBy });
}

/** These documents read again with their uploader and shares (selectDetails), in the same order. */
export async function withDetails(documents: Array<Pick<Document, 'id'>>, trx: Knex = db()): Promise<DocumentWithDetails[]> {
  const rows: DetailedRow[] = await selectDetails(trx('documents').select(...Document.metaColumns).whereIn('documents.id', documents.map((d) => d.id)), trx);
  const byId = new Map(rows.map((row) => [row.id, detailed(row)]));
  return documents.map((document) => byId.get(document.id)!);
}

/** Documents' uploads: the spec's types and messages (section 5), at most 10 MB. */
const DOCUMENT_FILE_RULES: FileRules = {
  types: DOCUMENT_FILE_TYPES,
  maxBytes: MAX_DOCUMENT_BYTES,
  messages: {
    invalidContent: 'document_invalid_content',
    empty: 'document_missing_fields',
    tooLarge: 'document_too_large',
    invalidType: 'document_invalid_type',
  },
};

/** The checked bytes of a document upload (services/files.ts). */
export const checkedUploadBytes = (input: Pick<DocumentUploadInput, 'content' | 'fileType' | 'fileName'>) =>
  checkedFileBytes(input, DOCUMENT_FILE_RULES);

/**
 * Stores an upload (the bytes as bytea, the display size computed here) with its shares and
 * the `document.uploaded` event for exactly its readers. The caller has authorized the upload.
 */
export async function uploadDocument(trx: Knex, user: User, input: DocumentUploadInput): Promise<DocumentWithDetails> {
  const bytes = await checkedUploadBytes(input);
  const property = input.propertyId ? await readablePropertyOrInvalid(user, input.propertyId, trx) : undefined;
  const organizationId = property?.organizationId ?? user.organizationId;
  const sharedWith = input.access === 'custom' ? await checkedShares(trx, organizationId, input.sharedWith, user) : [];

  const document = await Document.query(trx)
    .insert({
      organizationId,
      title: input.title,
      category: input.category,
      access: input.access,
      fileName: input.fileName,
      fileType: input.fileType,
      fileSize: formatFileSize(bytes.length),
      sizeBytes: bytes.length,
      content: bytes,
      uploadedById: user.id,
      propertyId: property?.id ?? null,
    })
    .returning(Document.metaColumns as unknown as string[]);
  if (sharedWith.length) {
    await trx('document_shares').insert(sharedWith.map((userId) => ({ documentId: document.id, userId })));
  }
  await recordEvent(trx, ...(await documentEvents(trx, 'document.uploaded', document, user)));
  const [detailed] = await withDetails([document], trx);
  return detailed;
}

/** Deletes a document (its shares go with it) and tells the users who could read it. */
export async function deleteDocument(trx: Knex, user: User, document: Document) {
  // The audience is worked out while the shares still exist.
  const events = await documentEvents(trx, 'document.deleted', document, user);
  await Document.query(trx).deleteById(document.id);
  await recordEvent(trx, ...events);
}

/** The bytes of one document, for `?include=content`. */
export async function documentContent(id: number, trx: Knex = db()): Promise<Buffer> {
  const row = await trx('documents').select('content').where({ id }).first();
  return row?.content ?? Buffer.alloc(0);
}

const DOWNLOAD_SLICE_BYTES = 1024 * 1024;

/**
 * The bytes of a document as a stream, read from PostgreSQL in slices (`substring` on the
 * out-of-line value reads only the TOAST chunks it needs), so a download holds one slice in
 * memory whatever the file size, and never goes through base64.
 */
export function documentContentStream(document: Pick<Document, 'id' | 'sizeBytes'>): Readable {
  async function* slices() {
    for (let offset = 0; offset < document.sizeBytes; offset += DOWNLOAD_SLICE_BYTES) {
      const row = await db()('documents')
        .select(db().raw('substring(content from ? for ?) as slice', [offset + 1, DOWNLOAD_SLICE_BYTES]))
        .where({ id: document.id })
        .first();
      // Deleted while it was being sent: end the response short rather than hang.
      if (!row?.slice?.length) throw new Error(`document ${document.id} disappeared during the download`);
      yield row.slice as Buffer;
    }
  }
  return Readable.from(slices(), { objectMode: false });
}

/** The name a download is saved under: the uploaded name, else the title with the type's extension. */
export function downloadFileName(document: Pick<Document, 'fileName' | 'title' | 'fileType'>) {
  if (document.fileName) return document.fileName;
  const extension = DOCUMENT_FILE_TYPES[document.fileType as DocumentFileType]?.[0] ?? '';
  return `${document.title}${extension}`;
}

async function readablePropertyOrInvalid(user: User, propertyId: number, trx: Knex) {
  try {
    return await findReadableProperty(user, propertyId, trx);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 404)) throw error;
    const message = messageText('document_property_invalid');
    throw validationError({ propertyId: message }, message);
  }
}

/** The ids to store as shares: all must be shareable users of the document's organization. */
async function checkedShares(trx: Knex, organizationId: number, ids: number[], uploader: User) {
  const found = await shareableUserIds(organizationId, trx).whereIn('users.id', ids);
  if (found.length !== ids.length) {
    const message = messageText('document_shared_with_invalid');
    throw validationError({ sharedWith: message }, message);
  }
  // The uploader reads their own document anyway.
  return ids.filter((id) => id !== uploader.id);
}

/**
 * The events of a document change, addressed to who may read it: `public` the organization's
 * members (not its suppliers); `admin` its administrators; `residents` and `custom` the administrators plus
 * one event per other reader (no single audience matches them: a property's audience would
 * also reach suppliers working there).
 */
export async function documentEvents(
  trx: Knex,
  type: 'document.uploaded' | 'document.deleted',
  document: Document,
  actor: User,
): Promise<EventInput[]> {
  const event = {
    type,
    organizationId: document.organizationId,
    propertyId: document.propertyId,
    actorId: actor.id,
    subject: { type: 'document', id: document.id },
    payload: { id: document.id, title: document.title, category: document.category },
  };
  if (document.access === 'public') return [{ ...event, audience: 'members' }];
  if (document.access === 'admin') return [{ ...event, audience: 'administrators' }];
  const readers: Array<{ id: number }> = await documentReaderIds(document, trx);
  return [
    { ...event, audience: 'administrators' },
    ...readers.map(({ id }) => ({ ...event, audience: 'user' as const, userId: id })),
  ];
}

/** Active users of the caller's organization a document may be shared with, by name. */
export async function shareCandidates(user: User, q: string | undefined, limit: number) {
  const query = db()('users')
    .whereIn('users.id', shareableUserIds(user.organizationId))
    .whereNot('users.id', user.id)
    .select('users.id as userId', 'users.name', 'users.lastName', 'users.role')
    .orderBy('users.sortName')
    .limit(limit);
  if (q) query.where('users.searchText', 'like', foldedContains(db(), q));
  return query;
}
