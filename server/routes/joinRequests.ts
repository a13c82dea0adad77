import { apiRouter } from './router';
import { isAdministrator } from '../../shared/permissions';
import { JoinRequestApproveSchema, JoinRequestCreateSchema, JoinRequestListQuerySchema } from '../../shared/schemas/joinRequests';
import { messageText } from '../../shared/messages';
import { approveJoinRequest, declineJoinRequest, latestJoinRequest, listJoinRequests, requestToJoin } from '../commands/joinRequests';
import { transaction } from '../db/transaction';
import { conflict, forbidden } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { findDecidableJoinRequest } from '../policies/joinRequests';
import { presentJoinRequest, presentOwnJoinRequest } from '../presenters/joinRequest';
import { idParam, parse } from '../validation';

/**
 * Join requests of self-registered accounts: the administrators' queue (on /residents) with
 * approve (property and unit) and decline, and the applicant's own request (waiting screen).
 */
export const joinRequestsRouter = apiRouter();
joinRequestsRouter.use(requireUser);

/** A JSON array (`?status=pending|approved|declined&q=&limit=&offset=`, X-Total-Count): administrators only. */
joinRequestsRouter.get('/join-requests', async (ctx) => {
  const user = currentUser(ctx);
  if (!isAdministrator(user)) throw forbidden();
  const { rows, total } = await listJoinRequests(user, parse(JoinRequestListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map(presentJoinRequest);
});

/** `{ propertyId, unit, createUnit }`: the person becomes an active resident of that unit. */
joinRequestsRouter.post('/join-requests/:id/approve', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const approved = await transaction(async (trx) => {
    const request = await findDecidableJoinRequest(user, id, trx);
    return approveJoinRequest(trx, user, request, parse(JoinRequestApproveSchema, ctx.request.body));
  });
  ctx.body = presentJoinRequest(approved);
});

joinRequestsRouter.post('/join-requests/:id/decline', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const declined = await transaction(async (trx) => declineJoinRequest(trx, user, await findDecidableJoinRequest(user, id, trx)));
  ctx.body = presentJoinRequest(declined);
});

/** The caller's latest request (`{ joinRequest: null }` when they never sent one). */
joinRequestsRouter.get('/user/join-request', async (ctx) => {
  const latest = await latestJoinRequest(currentUser(ctx).id);
  ctx.body = { joinRequest: latest ? presentOwnJoinRequest(latest) : null };
});

/** A new request of an account still waiting (after a declined one): `{ propertyReference }`, 201. */
joinRequestsRouter.post('/user/join-request', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyReference } = parse(JoinRequestCreateSchema, ctx.request.body);
  if (user.access !== 'awaiting') throw conflict(messageText('join_request_not_needed'), 'join_request_not_needed');
  const created = await transaction((trx) => requestToJoin(trx, user, propertyReference));
  ctx.status = 201;
  ctx.body = { joinRequest: presentOwnJoinRequest(created) };
});
