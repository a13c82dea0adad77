import type { Knex } from 'knex';
import type { RowOutcome } from '../../../shared/onboarding';
import { messageText } from '../../../shared/messages';
import type { Property, User } from '../../models';

/** What every kind of import shares: a row's cells, its plan, and the helpers that plan rows. */
export type Cells = Record<string, string>;
export type Planned = { outcome: RowOutcome; errors?: Record<string, string>; data?: Record<string, unknown>; existingId?: number };
/** Where rows go; `invite`: the people created are sent the invitation of the resident form. */
export type ImportPlace = { property: Pick<Property, 'id' | 'organizationId'>; invite?: boolean };

export type KindHandler = {
  plan(trx: Knex, place: ImportPlace, rows: Cells[]): Promise<Planned[]>;
  write(trx: Knex, actor: User, place: ImportPlace, planned: Planned): Promise<void>;
};

/** A Spanish decimal comma ("85,5", "1.234,50") read as a number's text; anything else as it is. */
export function numberText(value: string): string {
  const trimmed = value.replace(/\s|RD\$|\$/g, '');
  if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(trimmed)) return trimmed.replace(/\./g, '').replace(',', '.');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed)) return trimmed.replace(/,/g, '');
  if (/^-?\d+,\d+$/.test(trimmed)) return trimmed.replace(',', '.');
  return trimmed;
}

export const empty = (value: string | undefined) => value === undefined || value.trim() === '';
export const failed = (errors: Record<string, string>): Planned => ({ outcome: 'error', errors });

/** Marks every row whose key repeats an earlier row's. */
export function markDuplicates(planned: Planned[], keys: Array<string | null>, field: string) {
  const seen = new Set<string>();
  keys.forEach((key, i) => {
    if (!key) return;
    if (seen.has(key) && planned[i].outcome !== 'error') planned[i] = failed({ [field]: messageText('import_duplicate_row') });
    seen.add(key);
  });
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a != null && b != null && Number(a) === Number(b) && typeof a !== 'string');

/** Which of `data`'s given fields differ from the stored row. */
export const changedFields = (data: Record<string, unknown>, stored: Record<string, unknown>) =>
  Object.keys(data).filter((field) => data[field] !== undefined && !same(data[field], stored[field]));

/** 31/12/2026 (as Spanish Excel writes days) -> 2026-12-31; anything else as it is. */
export const isoDay = (value: string) => value.trim().replace(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, (_, d: string, m: string, y: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);
