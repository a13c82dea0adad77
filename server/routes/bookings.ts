import { apiRouter } from './router';
import { AvailabilityQuerySchema, BookingCreateSchema, BookingListQuerySchema, BookingPatchSchema } from '../../shared/schemas/bookings';
import { messageText } from '../../shared/messages';
import { availability, changeBooking, createBooking, listBookings } from '../commands/bookings';
import { transaction } from '../db/transaction';
import { forbidden, notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { can } from '../../shared/permissions';
import { db } from '../db';
import { findReadableAmenity, propertyIdsWithReadableDetails } from '../policies/properties';
import { presentBooking } from '../presenters/booking';
import { idParam, parse } from '../validation';
import { pageAnswer } from './pages';

/** Amenity bookings (product/bookings.md), behind the amenities module switch. */
export const bookingsRouter = apiRouter();
const answerBookings = pageAnswer(presentBooking);
bookingsRouter.use(requireUser);
bookingsRouter.use(requireFeature('amenities'));

/** `[{ start, end, free, remaining, bookable }]` slots of the amenity between `from` and `to`. */
bookingsRouter.get('/amenities/:id/availability', async (ctx) => {
  const amenity = await findReadableAmenity(currentUser(ctx), idParam(ctx.params.id));
  const { from, to } = parse(AvailabilityQuerySchema, ctx.query);
  ctx.body = await availability(amenity, from, to);
});

bookingsRouter.get('/bookings', async (ctx) => {
  const user = currentUser(ctx);
  answerBookings(ctx, user, await listBookings(user, parse(BookingListQuerySchema, ctx.query)));
});

bookingsRouter.post('/amenities/:id/bookings', async (ctx) => {
  const user = currentUser(ctx);
  const amenity = await findReadableAmenity(user, idParam(ctx.params.id));
  if (!can(user, 'amenities.book')) throw forbidden();
  const input = parse(BookingCreateSchema, ctx.request.body);
  const booking = await transaction((trx) => createBooking(trx, user, amenity.id, input));
  ctx.status = 201;
  ctx.body = presentBooking(booking, user);
});

/** A decision, a cancellation or a reschedule; others' bookings are not found. */
bookingsRouter.patch('/bookings/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const readable = await db()('amenityBookings')
    .where({ id })
    .whereIn('amenityId', db()('amenities').select('id').whereIn('propertyId', propertyIdsWithReadableDetails(user)))
    .first('id');
  if (!readable) throw notFound(messageText('booking_not_found'));
  const input = parse(BookingPatchSchema, ctx.request.body);
  const booking = await transaction((trx) => changeBooking(trx, user, id, input));
  ctx.body = presentBooking(booking, user);
});
