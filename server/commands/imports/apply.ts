import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { ImportApplyInput } from '../../../shared/schemas/imports';
import { conflict } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import type { StoredImport } from '../../policies/imports';
import { planImport, writePlanned, type PreviewRow, type Totals } from './imports';

/**
 * Applying an import (docs/modules/onboarding.md): the rows are planned again against what is
 * stored now and written in the caller's one transaction. In `all` mode (the default) a row
 * with an error writes nothing at all (409); in `valid` mode such rows are skipped. Rows
 * matched by their natural key and equal are left alone, so the same file twice changes
 * nothing the second time.
 */
export async function applyImport(
  trx: Knex,
  actor: User,
  stored: StoredImport,
  input: Pick<ImportApplyInput, 'mode'>,
  onProgress?: (done: number, total: number) => Promise<void> | void,
) {
  if (stored.status !== 'previewed' && stored.status !== 'applying') throw conflict(messageText('import_not_previewed'), 'import_not_previewed');
  const { planned, rows, totals } = await planImport(trx, stored);
  if (input.mode === 'all' && totals.error > 0) {
    await trx('imports').where({ id: stored.id }).update({ status: 'previewed', rows: JSON.stringify(rows), totals: JSON.stringify(totals), updatedAt: trx.fn.now() });
    return { written: false as const, rows, totals };
  }
  await writePlanned(trx, actor, stored, planned, onProgress);
  const [applied] = await trx('imports')
    .where({ id: stored.id })
    .update({ status: 'applied', progress: 100, rows: JSON.stringify(rows), totals: JSON.stringify(totals), appliedAt: trx.fn.now(), updatedAt: trx.fn.now() })
    .returning('*');
  await recordEvent(trx, importEvent('import.finished', actor.id, applied as StoredImport, totals));
  return { written: true as const, rows, totals, stored: applied as StoredImport };
}

/** An import's event for its administrator (live progress bar, activity feed). */
export const importEvent = (type: 'import.progress' | 'import.finished', actorId: number | null, stored: Pick<StoredImport, 'id' | 'organizationId' | 'propertyId' | 'createdById' | 'kind' | 'fileName' | 'status'>, totals?: Totals, progress?: number) => ({
  type,
  organizationId: stored.organizationId,
  audience: 'user' as const,
  userId: stored.createdById ?? actorId,
  propertyId: stored.propertyId,
  actorId,
  subject: { type: 'import', id: stored.id },
  payload: { id: stored.id, kind: stored.kind, fileName: stored.fileName, status: stored.status, ...(totals ? { totals } : {}), ...(progress !== undefined ? { progress } : {}) },
});

export type { PreviewRow };
