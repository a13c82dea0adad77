import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { conflict, notFound } from '../errors';

/**
 * Optimistic concurrency (docs/development.md, "Concurrent edits": edits carry the version the user saw). Tables whose rows
 * people edit have `version integer not null default 1`. An edit first claims the row: the
 * version goes up by one only if it still is the one the user saw. The claim also locks the
 * row until the transaction ends, so two edits of the same version never both win.
 *
 * A row changed meanwhile answers 409 `stale_version` (the client keeps the user's input and
 * offers to reload); a row deleted meanwhile answers 404. Without `expected` (an API client
 * that does not send one) the row is still locked and its version still grows.
 */
export async function claimVersion(trx: Knex, table: string, id: number, expected?: number | null): Promise<number> {
  const query = trx(table).where({ id }).increment('version', 1).returning('version');
  if (expected != null) query.andWhere({ version: expected });
  const [claimed] = (await query) as Array<{ version: number }>;
  if (claimed) return claimed.version;
  const exists = await trx(table).where({ id }).first('id');
  if (!exists) throw notFound();
  throw conflict(messageText('stale_version'), 'conflict');
}
