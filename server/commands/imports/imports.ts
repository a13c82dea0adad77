import type { Knex } from 'knex';
import { messageText, type Language } from '../../../shared/messages';
import { IMPORT_FIELDS, guessMapping, type ImportKind, type RowOutcome } from '../../../shared/onboarding';
import type { ImportCreateInput } from '../../../shared/schemas/imports';
import { badRequest } from '../../errors';
import { readSpreadsheet } from '../../imports/read';
import type { Property, User } from '../../models';
import type { StoredImport } from '../../policies/imports';
import { KIND_HANDLERS, type Cells, type Planned } from './kinds';

/**
 * Imports (docs/modules/onboarding.md): a file is read once into its cells and kept with its
 * mapping; every preview plans each row against what is stored now (nothing written).
 */
export type PreviewRow = { row: number; outcome: RowOutcome; values: Cells; errors?: Record<string, string> };
export type Totals = Record<RowOutcome, number> & { rows: number };

/** The fields a mapping may name for a kind; anything else is refused. */
function checkMapping(kind: ImportKind, columns: string[], mapping: Record<string, number | null>) {
  const fields = new Set(IMPORT_FIELDS[kind].map((spec) => spec.field));
  const bad = Object.entries(mapping).find(([field, column]) => !fields.has(field) || (column !== null && column >= columns.length));
  if (bad) throw badRequest(messageText('import_mapping_invalid'), 'validation_error', { [`mapping.${bad[0]}`]: messageText('import_mapping_invalid') });
}

/** Each row's cells under the fields the mapping names. */
export const mappedCells = (kind: ImportKind, cells: string[][], mapping: Record<string, number | null>): Cells[] =>
  cells.map((row) => Object.fromEntries(IMPORT_FIELDS[kind].map(({ field }) => [field, mapping[field] == null ? '' : (row[mapping[field]] ?? '')])));

const handlerOf = (kind: ImportKind) => {
  const handler = KIND_HANDLERS[kind];
  if (!handler) throw badRequest(messageText('import_kind_invalid'), 'validation_error', { kind: messageText('import_kind_invalid') });
  return handler;
};

/** Plans every row: its outcome, and its errors (Spanish texts) when it has any. */
export async function planImport(trx: Knex, stored: Pick<StoredImport, 'kind' | 'cells' | 'mapping' | 'propertyId' | 'organizationId'>) {
  const kind = stored.kind as ImportKind;
  const values = mappedCells(kind, stored.cells, stored.mapping);
  const planned = await handlerOf(kind).plan(trx, { property: { id: stored.propertyId, organizationId: stored.organizationId } }, values);
  const rows: PreviewRow[] = planned.map((plan, i) => ({ row: i + 2, outcome: plan.outcome, values: values[i], ...(plan.errors ? { errors: plan.errors } : {}) }));
  const totals: Totals = { rows: rows.length, create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) totals[row.outcome]++;
  return { planned, rows, totals };
}

/** Reads the file, guesses (or takes) the mapping, previews it, and keeps it all as a `previewed` import. */
export async function createImport(trx: Knex, actor: User, property: Property, input: ImportCreateInput) {
  const kind = input.kind;
  handlerOf(kind);
  const file = await readSpreadsheet(input.file.content, input.sheet);
  const mapping = input.mapping ?? guessMapping(kind, file.columns);
  checkMapping(kind, file.columns, mapping);
  const base = { organizationId: property.organizationId, propertyId: property.id, kind, cells: file.cells, mapping };
  const { rows, totals } = await planImport(trx, base);
  const [stored] = await trx('imports')
    .insert({
      ...base,
      createdById: actor.id,
      fileName: input.file.fileName,
      sheet: file.sheet,
      columns: JSON.stringify(file.columns),
      cells: JSON.stringify(file.cells),
      mapping: JSON.stringify(mapping),
      totals: JSON.stringify(totals),
      rows: JSON.stringify(rows),
    })
    .returning('*');
  return { ...(stored as StoredImport), sheets: file.sheets };
}

/** A new mapping for a previewed import, previewed again. */
export async function remapImport(trx: Knex, stored: StoredImport, mapping: Record<string, number | null>) {
  checkMapping(stored.kind as ImportKind, stored.columns, mapping);
  const { rows, totals } = await planImport(trx, { ...stored, mapping });
  const [updated] = await trx('imports')
    .where({ id: stored.id })
    .update({ mapping: JSON.stringify(mapping), rows: JSON.stringify(rows), totals: JSON.stringify(totals), updatedAt: trx.fn.now() })
    .returning('*');
  return updated as StoredImport;
}

/** Writes the planned rows (errors and unchanged rows write nothing), reporting progress every `every` rows. */
export async function writePlanned(
  trx: Knex,
  actor: User,
  stored: Pick<StoredImport, 'kind' | 'propertyId' | 'organizationId'>,
  planned: Planned[],
  options: { invite?: boolean } = {},
  onProgress?: (done: number, total: number) => Promise<void> | void,
  every = 250,
) {
  const handler = handlerOf(stored.kind as ImportKind);
  const place = { property: { id: stored.propertyId, organizationId: stored.organizationId }, invite: options.invite };
  for (let i = 0; i < planned.length; i++) {
    if (planned[i].outcome === 'create' || planned[i].outcome === 'update') await handler.write(trx, actor, place, planned[i]);
    if (onProgress && ((i + 1) % every === 0 || i + 1 === planned.length)) await onProgress(i + 1, planned.length);
  }
}

/** An import as the API answers it: its rows' errors in `language`, optionally only rows of one outcome. */
export function presentImport(stored: StoredImport & { sheets?: string[] }, language: Language, only?: RowOutcome) {
  const rows = (stored.rows as PreviewRow[])
    .filter((row) => !only || row.outcome === only)
    .map((row) => (row.errors ? { ...row, errors: Object.fromEntries(Object.entries(row.errors).map(([field, text]) => [field, messageText(text, language)])) } : row));
  return {
    id: stored.id,
    kind: stored.kind,
    propertyId: stored.propertyId,
    fileName: stored.fileName,
    sheet: stored.sheet,
    ...(stored.sheets ? { sheets: stored.sheets } : {}),
    status: stored.status,
    progress: stored.progress,
    mode: stored.mode ?? 'all',
    invite: stored.invite ?? false,
    failure: stored.failure ? messageText(stored.failure, language) : null,
    columns: stored.columns,
    mapping: stored.mapping,
    fields: IMPORT_FIELDS[stored.kind as ImportKind].map(({ field, header, required }) => ({ field, header, required: !!required })),
    totals: stored.totals,
    rows,
    appliedAt: stored.appliedAt,
    createdAt: stored.createdAt,
  };
}
