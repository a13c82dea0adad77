import { apiRouter } from './router';
import { PageQuerySchema } from '../../shared/schemas/common';
import { UnitCreateSchema, UnitImportSchema, UnitUpdateSchema } from '../../shared/schemas/units';
import { createUnit, deleteUnit, getUnit, importUnits, listUnits, updateUnit } from '../commands/units';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import {
  findManageableProperty,
  findManageableUnit,
  findPropertyWithReadableDetails,
  findReadableUnit,
} from '../policies/properties';
import { presentUnit } from '../presenters/unit';
import { idParam, parse } from '../validation';

/**
 * Units of a property. Read by the property's administrators, owner and residents; changed
 * by administrators. Unit numbers are unique within a property.
 */
export const unitsRouter = apiRouter();
unitsRouter.use(requireUser);

/** A JSON array in natural unit-number order; `?limit=&offset=&q=`, total in X-Total-Count. */
unitsRouter.get('/properties/:id/units', async (ctx) => {
  const property = await findPropertyWithReadableDetails(currentUser(ctx), idParam(ctx.params.id));
  const { rows, total } = await listUnits(property.id, parse(PageQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map(presentUnit);
});

/** 201 with the unit; a unit number already used in the property answers 409. */
unitsRouter.post('/properties/:id/units', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const property = await findManageableProperty(user, id, trx);
    return createUnit(trx, user, property, parse(UnitCreateSchema, ctx.request.body));
  });
  ctx.status = 201;
  ctx.body = presentUnit(row);
});

/** A CSV's units (read by the browser): `{ created, updated }`, all or nothing. */
unitsRouter.post('/properties/:id/units/import', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = await transaction(async (trx) => importUnits(trx, user, await findManageableProperty(user, id, trx), parse(UnitImportSchema, ctx.request.body)));
});

unitsRouter.get('/units/:id', async (ctx) => {
  const { unit } = await findReadableUnit(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = presentUnit(await getUnit(db(), unit.id));
});

unitsRouter.patch('/units/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const found = await findManageableUnit(user, id, trx);
    return updateUnit(trx, user, found, parse(UnitUpdateSchema, ctx.request.body));
  });
  ctx.body = presentUnit(row);
});

/** Refused with 409 while active or temporary residents live in the unit. */
unitsRouter.delete('/units/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => deleteUnit(trx, user, await findManageableUnit(user, id, trx)));
  ctx.body = { success: true };
});
