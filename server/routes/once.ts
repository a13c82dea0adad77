import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { messageText } from '../../shared/messages';
import { IdempotencyKeySchema } from '../../shared/schemas/billing';
import { transaction } from '../db/transaction';
import { conflict, validationError } from '../errors';
import type { User } from '../models';

/**
 * Money-creating POSTs (docs/modules/billing.md: a retried request or a double click never charges
 * or records twice) answer through `answerOnce`. Without an `Idempotency-Key` header the work
 * runs and answers 201. With one (400 when malformed), the key is claimed in the organization
 * in the same transaction as the work, with the request's fingerprint (the caller, the path and
 * the validated body) and, once done, the answer:
 * - a new key: the work runs, 201 with its answer, kept with the key;
 * - the same key and request again: 200 with the first answer (`Idempotent-Replayed: true`),
 *   nothing created;
 * - the same key with another request (another body, path or caller), or a key kept without
 *   an answer (a payment's from before this table): 409.
 * Two requests with one key at once: the second's claim waits for the first transaction, then
 * finds its answer. A request that fails (400, 404, 409...) rolls its claim back with the rest.
 */
export async function answerOnce(ctx: Context, user: User, input: unknown, work: (trx: Knex.Transaction) => Promise<unknown>) {
  const key = ctx.get('Idempotency-Key');
  if (!key) {
    ctx.body = await transaction(work);
    ctx.status = 201;
    return;
  }
  if (!IdempotencyKeySchema.safeParse(key).success) throw validationError({ 'Idempotency-Key': messageText('billing_idempotency_key_invalid') });
  const requestHash = createHash('sha256').update(JSON.stringify([user.id, ctx.method, ctx.path, input])).digest('hex');
  const where = { organizationId: user.organizationId, key };
  const answer = await transaction(async (trx) => {
    const claimed = await trx('idempotencyKeys').insert({ ...where, requestHash }).onConflict(['organizationId', 'key']).ignore().returning('key');
    if (!claimed.length) {
      const first = await trx('idempotencyKeys').where(where).first('requestHash', 'response');
      if (first.requestHash !== requestHash || first.response === null) throw conflict(messageText('billing_idempotency_key_reused'), 'idempotency_key_reused');
      return { replayed: true, body: first.response as unknown };
    }
    const body = await work(trx);
    await trx('idempotencyKeys').where(where).update({ response: JSON.stringify(body) });
    return { replayed: false, body };
  });
  if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
  ctx.status = answer.replayed ? 200 : 201;
  ctx.body = answer.body;
}
