import { apiRouter } from './router';
import {
  AssemblyCancelSchema,
  AssemblyCreateSchema,
  AssemblyListQuerySchema,
  AssemblyPatchSchema,
  AssemblySettingsSchema,
  AttendanceSchema,
  ProxyCreateSchema,
  ProxyDecisionSchema,
  VoteSchema,
} from '../../shared/schemas/assemblies';
import { cancelAssembly, closeAssembly, conveneAssembly, createAssembly, listAssemblies, startAssembly, updateAssembly } from '../commands/assemblies/assemblies';
import { listAttendance, markAttendance } from '../commands/assemblies/attendance';
import { createProxy, decideProxy, findProxy, listProxies, proxyLetter } from '../commands/assemblies/proxies';
import { computeResult, quorumOf } from '../commands/assemblies/results';
import { assemblySettingsOf, updateAssemblySettings } from '../commands/assemblies/settings';
import { castVote, closeItem, findItem, openItem } from '../commands/assemblies/votes';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { inviteIcs, minutesPdf, noticePdf } from '../files/assemblies';
import { sendFile, sendPdf } from '../files/download';
import { currentUser, requireUser } from '../middleware/auth';
import { authorizeAssemblySettings, authorizeManage, findManagedAssembly, findReadableAssembly, type AssemblyRow } from '../policies/assemblies';
import { presentAssembly, presentDetail } from '../presenters/assembly';
import { idParam, parse } from '../validation';
import type { User } from '../models';

/**
 * Assemblies and voting (docs/modules/assemblies.md): reads and roles decided by
 * policies/assemblies.ts, every change with its event in the same transaction.
 */
export const assembliesRouter = apiRouter();
assembliesRouter.use(requireUser);

const detail = async (user: User, id: number) => presentDetail(db(), user, await findReadableAssembly(user, id));

/** A change on a managed assembly, locked for the transaction; answers its detail. */
const managed = async (user: User, id: number, work: (trx: Parameters<Parameters<typeof transaction>[0]>[0], row: AssemblyRow) => Promise<unknown>) => {
  await transaction(async (trx) => work(trx, await findManagedAssembly(user, id, trx, { lock: true })));
  return detail(user, id);
};

/** The organization's assembly settings (system settings): the days of notice under which convening warns. */
assembliesRouter.get('/assemblies/settings', async (ctx) => {
  const user = currentUser(ctx);
  authorizeAssemblySettings(user);
  ctx.body = await assemblySettingsOf(user.organizationId);
});

assembliesRouter.put('/assemblies/settings', async (ctx) => {
  const user = currentUser(ctx);
  authorizeAssemblySettings(user);
  const input = parse(AssemblySettingsSchema, ctx.request.body);
  ctx.body = await transaction((trx) => updateAssemblySettings(trx, user, input));
});

assembliesRouter.get('/assemblies', async (ctx) => {
  const user = currentUser(ctx);
  const { rows, total } = await listAssemblies(user, parse(AssemblyListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map(presentAssembly);
});

assembliesRouter.post('/assemblies', async (ctx) => {
  const user = currentUser(ctx);
  authorizeManage(user);
  const input = parse(AssemblyCreateSchema, ctx.request.body);
  const row = await transaction((trx) => createAssembly(trx, user, input));
  ctx.status = 201;
  ctx.body = await detail(user, row.id);
});

assembliesRouter.get('/assemblies/:id', async (ctx) => {
  ctx.body = await detail(currentUser(ctx), idParam(ctx.params.id));
});

assembliesRouter.patch('/assemblies/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = await managed(user, id, (trx, row) => updateAssembly(trx, user, row, parse(AssemblyPatchSchema, ctx.request.body)));
});

const STATE_CHANGES = { convene: conveneAssembly, start: startAssembly, close: closeAssembly } as const;
for (const [action, change] of Object.entries(STATE_CHANGES)) {
  assembliesRouter.post(`/assemblies/:id/${action}`, async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = await managed(user, idParam(ctx.params.id), (trx, row) => change(trx, user, row));
  });
}

assembliesRouter.post('/assemblies/:id/cancel', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = await managed(user, id, (trx, row) => cancelAssembly(trx, user, row, parse(AssemblyCancelSchema, ctx.request.body).reason));
});

assembliesRouter.get('/assemblies/:id/attendance', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableAssembly(user, idParam(ctx.params.id));
  const [rows, quorum] = await Promise.all([listAttendance(db(), row), quorumOf(db(), row)]);
  ctx.set('X-Total-Count', String(rows.length));
  ctx.set('X-Quorum', JSON.stringify(quorum));
  ctx.body = rows;
});

/** Check-in (administrators, any unit, in the room) or "Estoy presente" (voters, their units, online): answers the quorum. */
assembliesRouter.post('/assemblies/:id/attendance', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = await transaction(async (trx) => {
    const row = await findReadableAssembly(user, id, trx, { lock: true });
    return { quorum: await markAttendance(trx, user, row, parse(AttendanceSchema, ctx.request.body)) };
  });
});

assembliesRouter.get('/assemblies/:id/proxies', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableAssembly(user, idParam(ctx.params.id));
  ctx.body = await listProxies(db(), user, row);
});

assembliesRouter.post('/assemblies/:id/proxies', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const input = parse(ProxyCreateSchema, ctx.request.body);
  ctx.body = await transaction(async (trx) => createProxy(trx, user, await findReadableAssembly(user, id, trx), input));
  ctx.status = 201;
});

assembliesRouter.patch('/proxies/:id', async (ctx) => {
  const user = currentUser(ctx);
  const proxyId = idParam(ctx.params.id);
  const { status } = parse(ProxyDecisionSchema, ctx.request.body);
  ctx.body = await transaction(async (trx) => {
    const proxy = await findProxy(trx, proxyId);
    const row = await findManagedAssembly(user, proxy.assemblyId, trx, { lock: true });
    return decideProxy(trx, user, row, proxy.id, status);
  });
});

assembliesRouter.get('/proxies/:id/letter', async (ctx) => {
  const user = currentUser(ctx);
  const proxyId = idParam(ctx.params.id);
  const proxy = await findProxy(db(), proxyId);
  await findReadableAssembly(user, proxy.assemblyId);
  const letter = await proxyLetter(db(), user, proxyId);
  sendFile(ctx, letter.letter, letter.letterType, letter.letterName ?? `poder-${proxyId}`);
});

assembliesRouter.post('/assemblies/:id/items/:itemId/open', async (ctx) => {
  const user = currentUser(ctx);
  const itemId = idParam(ctx.params.itemId);
  ctx.body = await managed(user, idParam(ctx.params.id), (trx, row) => openItem(trx, user, row, itemId));
});

assembliesRouter.post('/assemblies/:id/items/:itemId/close', async (ctx) => {
  const user = currentUser(ctx);
  const itemId = idParam(ctx.params.itemId);
  ctx.body = await managed(user, idParam(ctx.params.id), (trx, row) => closeItem(trx, user, row, itemId));
});

/** A ballot: the voter for their units, or an administrator for a unit present in the room. Answers the ballot and the tally. */
assembliesRouter.post('/assemblies/:id/items/:itemId/votes', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const itemId = idParam(ctx.params.itemId);
  const input = parse(VoteSchema, ctx.request.body);
  ctx.body = await transaction(async (trx) => castVote(trx, user, await findReadableAssembly(user, id, trx), itemId, input));
});

/** The result: frozen once closed, else computed from the ballots now. */
assembliesRouter.get('/assemblies/:id/items/:itemId/results', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableAssembly(user, idParam(ctx.params.id));
  const item = await findItem(db(), row, idParam(ctx.params.itemId));
  ctx.body = item.result ?? (await computeResult(db(), row, item));
});

assembliesRouter.get('/assemblies/:id/notice.pdf', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableAssembly(user, idParam(ctx.params.id));
  sendPdf(ctx, `convocatoria-${row.id}.pdf`, await noticePdf(db(), row, user.language));
});

assembliesRouter.get('/assemblies/:id/invite.ics', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableAssembly(user, idParam(ctx.params.id));
  sendFile(ctx, inviteIcs(row), 'text/calendar; charset=utf-8', `asamblea-${row.id}.ics`);
});

assembliesRouter.get('/assemblies/:id/minutes.pdf', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableAssembly(user, idParam(ctx.params.id));
  sendPdf(ctx, `acta-${row.id}.pdf`, await minutesPdf(db(), row, user.language));
});
