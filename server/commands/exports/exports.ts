import { strToU8, zipSync } from 'fflate';
import type { Knex } from 'knex';
import { messageText, type Language } from '../../../shared/messages';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import { csvTable } from '../../files/csv';
import type { Property, User } from '../../models';
import { EXPORT_TABLES, PEOPLE_COLUMNS, exportedColumns, peopleRows, type ExportScope } from './tables';

/**
 * The export of everything (docs/modules/onboarding.md): an administrator asks for their
 * organization, or one property of it (`export.requested`, whose follow-up enqueues the
 * worker's job `export-{id}`); the worker writes the zip of CSVs into the row, `ready` for 24
 * hours, and tells the administrator in their inbox (`export.ready`). The onboarding sweep
 * empties it afterwards (`expired`).
 */
export const EXPORT_KEPT_HOURS = 24;

export type StoredExport = {
  id: number;
  organizationId: number;
  propertyId: number | null;
  createdById: number | null;
  status: 'building' | 'ready' | 'failed' | 'expired';
  fileName: string | null;
  sizeBytes: number | null;
  counts: Record<string, number>;
  failure: string | null;
  readyAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
};

const exportEvent = (type: 'export.requested' | 'export.ready' | 'export.failed', stored: StoredExport, actorId: number | null) => ({
  type,
  organizationId: stored.organizationId,
  audience: stored.createdById ? ('user' as const) : ('administrators' as const),
  userId: stored.createdById,
  propertyId: stored.propertyId,
  actorId,
  subject: { type: 'export', id: stored.id },
  payload: { id: stored.id, status: stored.status, fileName: stored.fileName, propertyId: stored.propertyId, expiresAt: stored.expiresAt },
});

/** 202: the export asked for, built by the worker. */
export async function requestExport(trx: Knex, actor: User, property: Property | null) {
  const [stored] = await trx('exports')
    .insert({ organizationId: property?.organizationId ?? actor.organizationId, propertyId: property?.id ?? null, createdById: actor.id })
    .returning(COLUMNS);
  await recordEvent(trx, exportEvent('export.requested', stored as StoredExport, actor.id));
  return stored as StoredExport;
}

/** Every column but the zip itself. */
export const COLUMNS = ['id', 'organizationId', 'propertyId', 'createdById', 'status', 'fileName', 'sizeBytes', 'counts', 'failure', 'readyAt', 'expiresAt', 'createdAt'];

/** The zip's name: the organization's (or property's) name made safe, and the day. */
const zipName = (name: string) =>
  `vecindad-${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'datos'}-${new Date().toISOString().slice(0, 10)}.zip`;

/** The CSVs of a scope, in one read-only snapshot, as file name -> text, with each one's row count. */
export async function exportFiles(scope: ExportScope) {
  return db().transaction(
    async (trx) => {
      const files: Record<string, string> = {};
      const counts: Record<string, number> = {};
      for (const { file, table, alias, rows } of EXPORT_TABLES) {
        const columns = await exportedColumns(trx, table);
        const found = await rows(trx, scope).select(columns.map((column) => `${alias}.${column}`)).orderBy(`${alias}.id`);
        files[file] = csvTable(columns, found);
        counts[file] = found.length;
      }
      const people = await peopleRows(trx, scope);
      files['personas.csv'] = csvTable(PEOPLE_COLUMNS, people);
      counts['personas.csv'] = people.length;
      return { files, counts };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/**
 * The worker's job: builds a `building` export once (an export in any other state is left
 * alone, so running the job again changes nothing).
 */
export async function buildExport(exportId: number) {
  const stored = (await db()('exports').where({ id: exportId }).first(COLUMNS)) as StoredExport | undefined;
  if (!stored || stored.status !== 'building') return { built: false };
  const { files, counts } = await exportFiles({ organizationId: stored.organizationId, propertyId: stored.propertyId });
  const zip = Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6, mtime: new Date() }));
  const place = stored.propertyId
    ? await db()('properties').where({ id: stored.propertyId }).first('name')
    : await db()('organizations').where({ id: stored.organizationId }).first('name');
  return db().transaction(async (trx) => {
    const [ready] = await trx('exports')
      .where({ id: exportId, status: 'building' })
      .update({
        status: 'ready',
        content: zip,
        sizeBytes: zip.length,
        fileName: zipName(place?.name ?? ''),
        counts: JSON.stringify(counts),
        readyAt: trx.fn.now(),
        expiresAt: trx.raw(`now() + interval '${EXPORT_KEPT_HOURS} hours'`),
        updatedAt: trx.fn.now(),
      })
      .returning(COLUMNS);
    if (ready) await recordEvent(trx, exportEvent('export.ready', ready as StoredExport, null));
    return { built: Boolean(ready), counts };
  });
}

/** An export whose job gave up: failed, told to its administrator. */
export async function failExport(exportId: number) {
  await db().transaction(async (trx) => {
    const [failed] = await trx('exports').where({ id: exportId, status: 'building' }).update({ status: 'failed', failure: 'export_failed', updatedAt: trx.fn.now() }).returning(COLUMNS);
    if (failed) await recordEvent(trx, exportEvent('export.failed', failed as StoredExport, null));
  });
}

/** Empties the exports past their 24 hours (`expired`: the row stays, the zip goes). */
export async function expireExports(trx: Knex, limit = 100) {
  const ids = trx('exports').where({ status: 'ready' }).where('expiresAt', '<=', trx.fn.now()).orderBy('id').limit(limit).select('id');
  return trx('exports').whereIn('id', ids).update({ status: 'expired', content: null, updatedAt: trx.fn.now() });
}

/** An export as the API answers it: its state, and the link while it can be downloaded. */
export function presentExport(stored: StoredExport, language: Language) {
  return {
    id: stored.id,
    propertyId: stored.propertyId,
    status: stored.status,
    fileName: stored.fileName,
    sizeBytes: stored.sizeBytes,
    counts: stored.counts,
    failure: stored.failure ? messageText(stored.failure, language) : null,
    downloadUrl: stored.status === 'ready' ? `/api/exports/${stored.id}/download` : null,
    readyAt: stored.readyAt,
    expiresAt: stored.expiresAt,
    createdAt: stored.createdAt,
  };
}
