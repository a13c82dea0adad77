import { apiRouter } from './router';
import { PetCreateSchema, PetExpiringQuerySchema, PetPatchSchema } from '../../shared/schemas/packages';
import { addPet, changePet, expiringRecords, petRecord, removePet, unitPets } from '../commands/packages/pets';
import { transaction } from '../db/transaction';
import { notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { authorizeExpiringRecords, authorizeUnitRegistry, findManageable, readablePets } from '../policies/desk';
import { sendFile } from '../files/download';
import { presentPet } from '../presenters/package';
import type { PetRow } from '../rows/packages';
import { idParam, parse } from '../validation';

/** Pets per unit and their vaccination records (docs/modules/packages.md, "Pets"); policies/desk.ts decides. */
export const petsRouter = apiRouter();
petsRouter.use(requireUser);
petsRouter.use(requireFeature('visitors'));

/** Administrators: the records expiring within `days` (default 30), expired, or missing. */
petsRouter.get('/pets/expiring', async (ctx) => {
  const user = currentUser(ctx);
  authorizeExpiringRecords(user);
  ctx.body = await expiringRecords(user, parse(PetExpiringQuerySchema, ctx.query));
});

petsRouter.get('/units/:id/pets', async (ctx) => {
  ctx.body = await unitPets(currentUser(ctx), idParam(ctx.params.id));
});

petsRouter.post('/units/:id/pets', async (ctx) => {
  const user = currentUser(ctx);
  const unitId = idParam(ctx.params.id);
  await authorizeUnitRegistry(user, unitId, 'pets', true);
  const input = parse(PetCreateSchema, ctx.request.body);
  const row = await transaction((trx) => addPet(trx, user, unitId, input));
  ctx.status = 201;
  ctx.body = presentPet(row, true);
});

petsRouter.patch('/pets/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction((trx) => findManageable<PetRow>(trx, user, 'pets', id));
  const input = parse(PetPatchSchema, ctx.request.body);
  const row = await transaction(async (trx) => changePet(trx, user, await findManageable<PetRow>(trx, user, 'pets', id), input));
  ctx.body = presentPet(row, true);
});

petsRouter.delete('/pets/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => removePet(trx, user, await findManageable<PetRow>(trx, user, 'pets', id)));
  ctx.status = 204;
});

petsRouter.get('/pets/:id/record', async (ctx) => {
  const user = currentUser(ctx);
  const row = (await readablePets(user).where('pets.id', idParam(ctx.params.id)).first()) as PetRow | undefined;
  if (!row) throw notFound();
  const file = await petRecord(row.id);
  if (!file) throw notFound();
  sendFile(ctx, file.content, file.recordType, file.recordName ?? `vacunas-${row.id}`, { inline: file.recordType !== 'application/pdf' });
});
