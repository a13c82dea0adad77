import { apiRouter } from './router';
import { DeskPlateQuerySchema, VehicleCreateSchema, VehiclePatchSchema } from '../../shared/schemas/packages';
import { addVehicle, changeVehicle, removeVehicle, searchPlates, unitVehicles } from '../commands/packages/vehicles';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { authorizeUnitRegistry, findManageable } from '../policies/desk';
import { presentVehicle } from '../presenters/package';
import type { VehicleRow } from '../rows/packages';
import { idParam, parse } from '../validation';

/** Vehicles per unit and the desk's plate search (docs/modules/packages.md, "Vehicles"); policies/desk.ts decides. */
export const vehiclesRouter = apiRouter();
vehiclesRouter.use(requireUser);
vehiclesRouter.use(requireFeature('visitors'));

vehiclesRouter.get('/units/:id/vehicles', async (ctx) => {
  ctx.body = await unitVehicles(currentUser(ctx), idParam(ctx.params.id));
});

vehiclesRouter.post('/units/:id/vehicles', async (ctx) => {
  const user = currentUser(ctx);
  const unitId = idParam(ctx.params.id);
  await authorizeUnitRegistry(user, unitId, 'vehicles', true);
  const input = parse(VehicleCreateSchema, ctx.request.body);
  const row = await transaction((trx) => addVehicle(trx, user, unitId, input));
  ctx.status = 201;
  ctx.body = presentVehicle(row, true);
});

vehiclesRouter.patch('/vehicles/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction((trx) => findManageable<VehicleRow>(trx, user, 'vehicles', id));
  const input = parse(VehiclePatchSchema, ctx.request.body);
  const row = await transaction(async (trx) => changeVehicle(trx, user, await findManageable<VehicleRow>(trx, user, 'vehicles', id), input));
  ctx.body = presentVehicle(row, true);
});

vehiclesRouter.delete('/vehicles/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => removeVehicle(trx, user, await findManageable<VehicleRow>(trx, user, 'vehicles', id)));
  ctx.status = 204;
});

/** The desk's search by partial plate at its property: the units' vehicles and the visitor passes' plates. */
vehiclesRouter.get('/desk/vehicles', async (ctx) => {
  const { propertyId, plate } = parse(DeskPlateQuerySchema, ctx.query);
  ctx.body = await searchPlates(currentUser(ctx), propertyId, plate);
});
