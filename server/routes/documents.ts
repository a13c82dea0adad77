import { apiRouter } from './router';
import { messageText } from '../../shared/messages';
import {
  DocumentDownloadQuerySchema,
  DocumentListQuerySchema,
  DocumentQuerySchema,
  DocumentUploadSchema,
} from '../../shared/schemas/documents';
import {
  countDocumentsByCategory,
  deleteDocument,
  documentContent,
  documentContentStream,
  downloadFileName,
  listDocuments,
  shareCandidates,
  uploadDocument,
  withDetails,
} from '../commands/documents';
import { PageQuerySchema } from '../../shared/schemas/common';
import { transaction } from '../db/transaction';
import { sendFile } from '../files/download';
import { validationError } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { authorizeUpload, findDeletableDocument, findReadableDocument } from '../policies/documents';
import { presentDocument } from '../presenters/document';
import { fieldErrors, idParam, parse } from '../validation';
import { pageAnswer } from './pages';

/** Documents: list, category counts, upload, one document, download/view, delete. */
export const documentsRouter = apiRouter();
const answerDocuments = pageAnswer(presentDocument);
documentsRouter.use(requireUser);
documentsRouter.use(requireFeature('documents'));

documentsRouter.get('/documents', async (ctx) => {
  const user = currentUser(ctx);
  answerDocuments(ctx, user, await listDocuments(user, parse(DocumentListQuerySchema, ctx.query)));
});

documentsRouter.get('/documents/categories', async (ctx) => {
  ctx.body = await countDocumentsByCategory(currentUser(ctx));
});

/**
 * The people a `custom` document may be shared with (`?q=` by name): for the upload dialog's
 * picker. Names and roles only, never contact data.
 */
documentsRouter.get('/documents/share-candidates', async (ctx) => {
  const user = currentUser(ctx);
  authorizeUpload(user);
  const { q, limit } = parse(PageQuerySchema, ctx.query);
  ctx.body = await shareCandidates(user, q, limit ?? 10);
});

documentsRouter.post('/documents', async (ctx) => {
  const user = currentUser(ctx);
  authorizeUpload(user);
  const input = parseUpload(ctx.request.body);
  authorizeUpload(user, input.access);
  const document = await transaction((trx) => uploadDocument(trx, user, input));
  ctx.status = 201;
  ctx.body = presentDocument(document, user);
});

documentsRouter.get('/documents/:id', async (ctx) => {
  const user = currentUser(ctx);
  const { include } = parse(DocumentQuerySchema, ctx.query);
  const [document] = await withDetails([await findReadableDocument(user, idParam(ctx.params.id))]);
  ctx.body = presentDocument(document, user, include === 'content' ? await documentContent(document.id) : undefined);
});

// PDFs and images may be shown by the browser (view mode); anything else is always saved.
const VIEWABLE = /^(application\/pdf|image\/(jpeg|png))$/;

documentsRouter.get('/documents/:id/download', async (ctx) => {
  const { inline } = parse(DocumentDownloadQuerySchema, ctx.query);
  const document = await findReadableDocument(currentUser(ctx), idParam(ctx.params.id));
  sendFile(ctx, documentContentStream(document), document.fileType, downloadFileName(document), {
    inline: inline && VIEWABLE.test(document.fileType),
    length: document.sizeBytes,
  });
});

documentsRouter.delete('/documents/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => deleteDocument(trx, user, await findDeletableDocument(user, id, trx)));
  ctx.status = 204;
});

// The client shows an upload error's `message`: when a spec message applies (missing fields,
// invalid type), it is the message itself rather than the generic one.
const HEADLINES = [messageText('document_missing_fields'), messageText('document_invalid_type')];

function parseUpload(body: unknown) {
  const result = DocumentUploadSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const headline = HEADLINES.find((text) => Object.values(fields).includes(text));
  throw headline ? validationError(fields, headline) : validationError(fields);
}
