import { apiRouter } from './router';
import { AvailabilityQuerySchema, BookingCreateSchema, BookingListQuerySchema, BookingPatchSchema } from '../../shared/schemas/bookings';
import { availability } from '../commands/bookings/availability';
import { createBooking, listBookings } from '../commands/bookings/book';
import { changeBooking } from '../commands/bookings/change';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { findBookableAmenity, findReadableBookingId } from '../policies/bookings';
import { findReadableAmenity } from '../policies/properties';
import { presentBooking } from '../presenters/booking';
import { idParam, parse } from '../validation';
import { pageAnswer } from './pages';

/** Amenity bookings (docs/modules/bookings.md), behind the amenities module switch. */
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
  const amenity = await findBookableAmenity(user, idParam(ctx.params.id));
  const input = parse(BookingCreateSchema, ctx.request.body);
  const booking = await transaction((trx) => createBooking(trx, user, amenity.id, input));
  ctx.status = 201;
  ctx.body = presentBooking(booking, user);
});

/** A decision, a cancellation or a reschedule (policies/bookings.ts): bookings of properties the user does not read are not found. */
bookingsRouter.patch('/bookings/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = await findReadableBookingId(user, idParam(ctx.params.id));
  const input = parse(BookingPatchSchema, ctx.request.body);
  const booking = await transaction((trx) => changeBooking(trx, user, id, input));
  ctx.body = presentBooking(booking, user);
});
