import { apiRouter } from './router';
import { AmenityCreateSchema, AmenityListQuerySchema, AmenityUpdateSchema } from '../../shared/schemas/amenities';
import { PageQuerySchema } from '../../shared/schemas/common';
import { createAmenity, deleteAmenity, listAmenities, updateAmenity } from '../commands/amenities';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import {
  findManageableAmenity,
  findManageableProperty,
  findPropertyWithReadableDetails,
  findReadableAmenity,
} from '../policies/properties';
import { presentAmenity } from '../presenters/amenity';
import { idParam, parse } from '../validation';

/**
 * The amenity catalogue of a property (pool, gym...). Read by the property's administrators,
 * owner and residents; managed by administrators. Behind the amenities module switch.
 */
export const amenitiesRouter = apiRouter();
amenitiesRouter.use(requireUser);
amenitiesRouter.use(requireFeature('amenities'));

/** A JSON array by name; `?limit=&offset=&q=`, total in X-Total-Count. */
amenitiesRouter.get('/properties/:id/amenities', async (ctx) => {
  const property = await findPropertyWithReadableDetails(currentUser(ctx), idParam(ctx.params.id));
  const { rows, total } = await listAmenities(currentUser(ctx), { ...parse(PageQuerySchema, ctx.query), propertyId: property.id });
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map(presentAmenity);
});

/** Amenities of every property the caller reads (the Amenities screen); `?propertyId=&q=&limit=&offset=`. */
amenitiesRouter.get('/amenities', async (ctx) => {
  const { rows, total } = await listAmenities(currentUser(ctx), parse(AmenityListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map(presentAmenity);
});

/** 201 with the amenity; the property (body `propertyId`) must be one the caller manages. */
amenitiesRouter.post('/amenities', async (ctx) => {
  const user = currentUser(ctx);
  const input = parse(AmenityCreateSchema, ctx.request.body);
  const amenity = await transaction(async (trx) =>
    createAmenity(trx, user, await findManageableProperty(user, input.propertyId, trx), input),
  );
  ctx.status = 201;
  ctx.body = presentAmenity(amenity);
});

amenitiesRouter.get('/amenities/:id', async (ctx) => {
  ctx.body = presentAmenity(await findReadableAmenity(currentUser(ctx), idParam(ctx.params.id)));
});

amenitiesRouter.patch('/amenities/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const amenity = await transaction(async (trx) => {
    const current = await findManageableAmenity(user, id, trx);
    return updateAmenity(trx, user, current, parse(AmenityUpdateSchema, ctx.request.body));
  });
  ctx.body = presentAmenity(amenity);
});

/** Refused with 409 while pending or confirmed bookings are still to come. */
amenitiesRouter.delete('/amenities/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => deleteAmenity(trx, user, await findManageableAmenity(user, id, trx)));
  ctx.body = { success: true };
});
