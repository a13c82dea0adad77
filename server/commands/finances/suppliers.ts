import type { Knex } from 'knex';
import type { SupplierCreateInput, SupplierUpdateInput } from '../../../shared/schemas/finances';
import type { PageQuery } from '../../../shared/schemas/common';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { whereFinancesReachable } from '../../policies/finances';
import type { SupplierRow } from '../../rows/finances';

/** The companies and people the organization pays, by name; `q` finds a name, RNC/cédula or category. */
export async function listSuppliers(user: User, filters: PageQuery, trx: Knex = db()): Promise<{ rows: SupplierRow[]; total: number }> {
  const query = whereFinancesReachable(trx('suppliers'), 'suppliers', user);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, '\\$&')}%`;
    query.where((found) => found.whereILike('suppliers.name', like).orWhereILike('suppliers.taxId', like).orWhereILike('suppliers.category', like));
  }
  const [{ count }] = await query.clone().count({ count: '*' });
  const page = query.select('suppliers.*').orderBy([{ column: 'suppliers.name' }, { column: 'suppliers.id' }]).offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return { rows: await page, total: Number(count) };
}

export const readSupplier = async (trx: Knex, id: number): Promise<SupplierRow> => trx('suppliers').where({ id }).first();

const supplierEvent = (type: 'supplier.created' | 'supplier.updated', actor: User, supplier: SupplierRow, extra: Record<string, unknown> = {}) => ({
  type,
  organizationId: supplier.organizationId,
  audience: 'administrators' as const,
  actorId: actor.id,
  subject: { type: 'supplier', id: supplier.id },
  payload: { id: supplier.id, name: supplier.name, ...extra },
});

/** A supplier of the administrator's own organization. */
export async function createSupplier(trx: Knex, actor: User, input: SupplierCreateInput): Promise<SupplierRow> {
  const [{ id }] = await trx('suppliers').insert({ ...input, organizationId: actor.organizationId }).returning('id');
  const supplier = await readSupplier(trx, id);
  await recordEvent(trx, supplierEvent('supplier.created', actor, supplier));
  return supplier;
}

/** Changes the fields given (an empty one is cleared). */
export async function updateSupplier(trx: Knex, actor: User, id: number, input: SupplierUpdateInput): Promise<SupplierRow> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length) await trx('suppliers').where({ id }).update({ ...changes, updatedAt: trx.fn.now() });
  const supplier = await readSupplier(trx, id);
  await recordEvent(trx, supplierEvent('supplier.updated', actor, supplier, { changed: Object.keys(changes) }));
  return supplier;
}
