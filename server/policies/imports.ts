import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import type { Property, User } from '../models';
import { findReadableProperty } from './properties';
import { whereOrganizationReachable } from './tenancy';

/**
 * Who may import and export (docs/modules/onboarding.md): the administrators of the
 * organizations they reach; any other role is refused outright (403). A property or import
 * outside their reach answers 404.
 */
export function authorizeOnboarding(user: User) {
  if (!isAdministrator(user)) throw forbidden();
}

/** A property the administrator may import into. */
export async function findImportProperty(user: User, id: number, trx: Knex = db()): Promise<Property> {
  authorizeOnboarding(user);
  return findReadableProperty(user, id, trx);
}

export type StoredImport = {
  id: number;
  organizationId: number;
  propertyId: number;
  createdById: number | null;
  kind: string;
  fileName: string;
  sheet: string | null;
  status: string;
  columns: string[];
  cells: string[][];
  mapping: Record<string, number | null>;
  totals: Record<string, number>;
  rows: unknown[];
  progress: number;
  mode?: string;
  invite?: boolean;
  failure: string | null;
  appliedAt: Date | null;
  createdAt: Date;
};

/** An import of the organizations the administrator reaches (locked for the transaction with `lock`). */
export async function findImport(user: User, id: number, trx: Knex = db(), { lock = false } = {}): Promise<StoredImport> {
  authorizeOnboarding(user);
  const query = whereOrganizationReachable(trx('imports').where('imports.id', id), 'imports.organization_id', user).first('imports.*');
  if (lock) query.forUpdate();
  const row = (await query) as StoredImport | undefined;
  if (!row) throw notFound(messageText('import_not_found'));
  return row;
}

/** An export of the organizations the administrator reaches (404 otherwise). */
export async function findExport<T>(user: User, id: number, columns: string[], trx: Knex = db()): Promise<T> {
  authorizeOnboarding(user);
  const row = await whereOrganizationReachable(trx('exports').where('exports.id', id), 'exports.organization_id', user).first(columns.map((column) => `exports.${column}`));
  if (!row) throw notFound(messageText('export_not_found'));
  return row as T;
}
