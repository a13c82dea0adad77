import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import { WORKER_IMPORT_ROWS } from '../../../shared/onboarding';
import type { ImportApplyInput } from '../../../shared/schemas/imports';
import { db } from '../../db';
import { conflict } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import type { StoredImport } from '../../policies/imports';
import { planImport, writePlanned, type PreviewRow, type Totals } from './imports';

/**
 * Applying an import (docs/modules/onboarding.md): the rows are planned again against what is
 * stored now and written in one transaction. In `all` mode (the default) a row with an error
 * writes nothing at all (409); in `valid` mode such rows are skipped. Rows matched by their
 * natural key and equal are left alone, so the same file twice changes nothing the second time.
 *
 * Up to WORKER_IMPORT_ROWS rows are written in the request (the import answers `applied`); a
 * bigger import becomes `applying` and an `import.started` event, whose follow-up enqueues the
 * worker's job (id `import-{id}`), which writes it with live `import.progress` events.
 */
export async function startImport(trx: Knex, actor: User, stored: StoredImport, input: ImportApplyInput) {
  if (stored.status !== 'previewed') throw conflict(messageText('import_not_previewed'), 'import_not_previewed');
  const { planned, rows, totals } = await planImport(trx, stored);
  if (input.mode === 'all' && totals.error > 0) {
    await trx('imports').where({ id: stored.id }).update({ rows: JSON.stringify(rows), totals: JSON.stringify(totals), updatedAt: trx.fn.now() });
    return { written: false as const };
  }
  const settings = { mode: input.mode, invite: input.invite };
  if (rows.length > WORKER_IMPORT_ROWS) {
    const [applying] = await trx('imports')
      .where({ id: stored.id })
      .update({ ...settings, status: 'applying', progress: 0, rows: JSON.stringify(rows), totals: JSON.stringify(totals), updatedAt: trx.fn.now() })
      .returning('*');
    await recordEvent(trx, importEvent('import.started', actor.id, applying as StoredImport, totals, 0));
    return { written: true as const };
  }
  await writePlanned(trx, actor, stored, planned, { invite: input.invite });
  await finish(trx, actor.id, stored, { ...settings, status: 'applied', rows, totals });
  return { written: true as const };
}

/** The import's last state and its `import.finished` event (applied or failed). */
async function finish(trx: Knex, actorId: number | null, stored: StoredImport, values: { status: 'applied' | 'failed'; rows?: PreviewRow[]; totals?: Totals; failure?: string; mode?: string; invite?: boolean }) {
  const { rows, totals, ...rest } = values;
  const [done] = await trx('imports')
    .where({ id: stored.id })
    .update({
      ...rest,
      progress: values.status === 'applied' ? 100 : stored.progress,
      ...(rows ? { rows: JSON.stringify(rows) } : {}),
      ...(totals ? { totals: JSON.stringify(totals) } : {}),
      ...(values.status === 'applied' ? { appliedAt: trx.fn.now() } : {}),
      updatedAt: trx.fn.now(),
    })
    .returning('*');
  await recordEvent(trx, importEvent('import.finished', actorId, done as StoredImport, (totals ?? stored.totals) as Totals));
  return done as StoredImport;
}

/**
 * The worker's job: applies an `applying` import once. A transaction-scoped advisory lock keeps
 * two workers (a re-delivered job, the sweep) from applying it at once; an import no longer
 * `applying` is left alone, so running the job again changes nothing. Progress is told on its
 * own connection (committed at once, outside the import's transaction): the percentage on the
 * import row and an `import.progress` event for the administrator, every 2% of the rows.
 */
export async function applyImportJob(importId: number, actor: User | null) {
  return db().transaction(async (trx) => {
    const { rows: locks } = await trx.raw('select pg_try_advisory_xact_lock(?, ?) as locked', [IMPORT_LOCK, importId]);
    if (!locks[0]?.locked) return { applied: false, reason: 'locked' };
    const stored = (await trx('imports').where({ id: importId }).first()) as StoredImport & { mode: 'all' | 'valid'; invite: boolean } | undefined;
    if (!stored || stored.status !== 'applying') return { applied: false, reason: 'not-applying' };
    const actorId = actor?.id ?? null;
    const { planned, rows, totals } = await planImport(trx, stored);
    // Rows valid in the preview may not be any more (a unit deleted since): all or nothing.
    if (stored.mode === 'all' && totals.error > 0) {
      await finish(trx, actorId, stored, { status: 'failed', failure: 'import_rows_changed', rows, totals });
      return { applied: false, reason: 'rows-changed' };
    }
    const every = Math.max(50, Math.ceil(planned.length / 50));
    let last = -1;
    const progress = async (done: number, total: number) => {
      const percent = Math.min(99, Math.floor((done / total) * 100));
      if (percent === last) return;
      last = percent;
      await db().transaction(async (own) => {
        await own('imports').where({ id: importId, status: 'applying' }).update({ progress: percent });
        await recordEvent(own, importEvent('import.progress', actorId, stored, undefined, percent));
      });
    };
    if (!actor) throw new Error(`La importación ${importId} no tiene quien la aplique`);
    await writePlanned(trx, actor, stored, planned, { invite: stored.invite }, progress, every);
    await finish(trx, actorId, stored, { status: 'applied', rows, totals });
    return { applied: true, totals };
  });
}

/** An import whose job gave up (its last attempt failed): failed, nothing written, told to its administrator. */
export async function failImport(importId: number) {
  return db().transaction(async (trx) => {
    const stored = (await trx('imports').where({ id: importId, status: 'applying' }).forUpdate().first()) as StoredImport | undefined;
    if (stored) await finish(trx, null, stored, { status: 'failed', failure: 'import_failed' });
  });
}

/** The advisory lock space of imports being applied (first key of pg_try_advisory_xact_lock). */
const IMPORT_LOCK = 30_001;

/** An import's event for its administrator (live progress bar, activity feed). */
export const importEvent = (
  type: 'import.started' | 'import.progress' | 'import.finished',
  actorId: number | null,
  stored: Pick<StoredImport, 'id' | 'organizationId' | 'propertyId' | 'createdById' | 'kind' | 'fileName' | 'status'>,
  totals?: Totals,
  progress?: number,
) => ({
  type,
  organizationId: stored.organizationId,
  // Its administrator; an import whose author is gone, the organization's administrators.
  audience: (stored.createdById ?? actorId) ? ('user' as const) : ('administrators' as const),
  userId: stored.createdById ?? actorId,
  propertyId: stored.propertyId,
  actorId,
  subject: { type: 'import', id: stored.id },
  payload: {
    id: stored.id,
    kind: stored.kind,
    fileName: stored.fileName,
    status: type === 'import.progress' ? 'applying' : stored.status,
    ...(totals ? { totals } : {}),
    ...(progress !== undefined ? { progress } : {}),
  },
});

export type { PreviewRow };
