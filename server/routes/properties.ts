import { apiRouter } from './router';
import { messageText } from '../../shared/messages';
import {
  PROPERTY_IMAGE_MAX_BYTES,
  PropertyCreateSchema,
  PropertyImageSchema,
  PropertyListQuerySchema,
  PropertyUpdateSchema,
} from '../../shared/schemas/properties';
import { isAdministrator } from '../../shared/permissions';
import {
  createProperty,
  deleteProperty,
  getProperty,
  getPropertyImage,
  listProperties,
  setPropertyImage,
  updateProperty,
} from '../commands/properties';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { sendImage } from '../files/download';
import { badRequest, forbidden, notFound, payloadTooLarge } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { findManageableProperty, findReadableProperty } from '../policies/properties';
import { presentProperty } from '../presenters/property';
import { decodeBase64, sniffMimeType } from '../services/files';
import { idParam, parse } from '../validation';
import { pageAnswer } from './pages';

/**
 * Properties (spec /api/properties). Administrators create, edit and delete the properties of
 * the organizations they reach; everyone reads what docs/permissions.md allows (owners what they own,
 * residents where they live, suppliers where they have assigned work).
 */
export const propertiesRouter = apiRouter();
const answerProperties = pageAnswer(presentProperty);
propertiesRouter.use(requireUser);

/** A JSON array by name; `?limit=&offset=&q=` (name or address), total in X-Total-Count. */
propertiesRouter.get('/properties', async (ctx) => {
  const page = parse(PropertyListQuerySchema, ctx.query);
  const user = currentUser(ctx);
  answerProperties(ctx, user, await listProperties(user, page));
});

propertiesRouter.get('/properties/:id', async (ctx) => {
  const property = await findReadableProperty(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = presentProperty(await getProperty(db(), property.id));
});

/** 201 with the property. */
propertiesRouter.post('/properties', async (ctx) => {
  const user = currentUser(ctx);
  if (!isAdministrator(user)) throw forbidden();
  const input = parse(PropertyCreateSchema, ctx.request.body);
  const row = await transaction((trx) => createProperty(trx, user, input));
  ctx.status = 201;
  ctx.body = presentProperty(row);
});

propertiesRouter.patch('/properties/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const property = await findManageableProperty(user, id, trx);
    return updateProperty(trx, user, property, parse(PropertyUpdateSchema, ctx.request.body));
  });
  ctx.body = presentProperty(row);
});

/** Refused with 409 while payments or documents reference the property. */
propertiesRouter.delete('/properties/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => deleteProperty(trx, user, await findManageableProperty(user, id, trx)));
  ctx.body = { success: true };
});

/** The photo's bytes (anyone who may read the property). */
propertiesRouter.get('/properties/:id/image', async (ctx) => {
  const property = await findReadableProperty(currentUser(ctx), idParam(ctx.params.id));
  const image = await getPropertyImage(property.id);
  if (!image) throw notFound();
  sendImage(ctx, image.image, image.imageType);
});

/** `{ fileType, content }` (base64): JPEG, PNG, GIF or WebP by its bytes, 5 MB at most. */
propertiesRouter.put('/properties/:id/image', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const property = await findManageableProperty(user, id, trx);
    const { fileType, content } = parse(PropertyImageSchema, ctx.request.body);
    return setPropertyImage(trx, user, property, await imageBytes(fileType, content), fileType);
  });
  ctx.body = presentProperty(row);
});

/** The decoded photo: base64, at most 5 MB, and really of the type it claims (magic bytes). */
async function imageBytes(fileType: string, content: string) {
  const bytes = decodeBase64(content);
  if (!bytes?.length) {
    throw badRequest(messageText('property_image_invalid'), 'invalid_base64', { content: messageText('property_image_invalid') });
  }
  if (bytes.length > PROPERTY_IMAGE_MAX_BYTES) throw payloadTooLarge(messageText('property_image_too_large'));
  if ((await sniffMimeType(bytes)) !== fileType) {
    const message = messageText('property_image_invalid_type');
    throw badRequest(message, 'invalid_type', { fileType: message });
  }
  return bytes;
}

propertiesRouter.delete('/properties/:id/image', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) =>
    setPropertyImage(trx, user, await findManageableProperty(user, id, trx), null, null),
  );
  ctx.body = presentProperty(row);
});
