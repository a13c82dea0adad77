import { z } from 'zod';
import type { ImportKind } from '../../../shared/onboarding';
import { messageText } from '../../../shared/messages';
import { emailField } from '../../../shared/schemas/common';
import { SupplierCreateSchema } from '../../../shared/schemas/finances';
import { UnitImportSchema } from '../../../shared/schemas/units';
import { recordEvent } from '../../events/outbox';
import { fieldErrors } from '../../validation';
import { unitEvent } from '../units';
import { changedFields, empty, failed, markDuplicates, numberText, type Cells, type KindHandler, type Planned } from './rows';
import { people } from './people';
import { balances } from './balances';

/**
 * What each kind of import does with a row (docs/modules/onboarding.md): validate it with the
 * same shared schema the forms use (so the same messages), find its natural key's existing row,
 * say create / update / unchanged / error, and write it.
 */
// Units: the property's unit by number (ignoring case); an empty cell leaves its value.
const UnitRowSchema = UnitImportSchema.shape.rows.element.extend({
  ownerEmail: emailField().optional(),
});

const units: KindHandler = {
  async plan(trx, { property }, rows) {
    const stored: Array<Record<string, unknown> & { id: number; unitNumber: string }> = await trx('units')
      .where({ propertyId: property.id })
      .select('id', 'unitNumber', 'floor', 'squareMeters', 'share', 'ownerId');
    const byNumber = new Map(stored.map((unit) => [unit.unitNumber.toLowerCase(), unit]));
    const emails = [...new Set(rows.map((row) => row.ownerEmail?.trim().toLowerCase()).filter((email): email is string => !!email))];
    const owners: Array<{ id: number; email: string }> = emails.length
      ? await trx('users').where({ organizationId: property.organizationId, role: 'Propietario' }).whereRaw('lower(email) = any(?)', [emails]).select('id', 'email')
      : [];
    const ownerIds = new Map(owners.map((owner) => [owner.email.toLowerCase(), owner.id]));
    const planned = rows.map((row): Planned => {
      const input = {
        unitNumber: row.unitNumber ?? '',
        floor: empty(row.floor) ? null : numberText(row.floor),
        squareMeters: empty(row.squareMeters) ? null : numberText(row.squareMeters),
        share: empty(row.share) ? null : numberText(row.share),
        ownerEmail: empty(row.ownerEmail) ? undefined : row.ownerEmail,
      };
      const result = UnitRowSchema.safeParse(input);
      if (!result.success) return failed(fieldErrors(result.error));
      const { ownerEmail, ...values } = result.data;
      const data: Record<string, unknown> = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined));
      if (ownerEmail) {
        const ownerId = ownerIds.get(ownerEmail);
        if (!ownerId) return failed({ ownerEmail: messageText('import_owner_unknown') });
        data.ownerId = ownerId;
      }
      const existing = byNumber.get(values.unitNumber.toLowerCase());
      if (!existing) return { outcome: 'create', data };
      delete data.unitNumber;
      const changed = changedFields(data, existing);
      return changed.length ? { outcome: 'update', data: Object.fromEntries(changed.map((field) => [field, data[field]])), existingId: existing.id } : { outcome: 'unchanged' };
    });
    markDuplicates(planned, rows.map((row) => row.unitNumber?.trim().toLowerCase() || null), 'unitNumber');
    return planned;
  },
  async write(trx, actor, { property }, planned) {
    if (planned.outcome === 'create') {
      const [unit] = await trx('units').insert({ ...planned.data, propertyId: property.id }).returning('*');
      await recordEvent(trx, unitEvent('unit.created', actor, property.organizationId, unit));
    } else if (planned.outcome === 'update' && planned.existingId) {
      const [unit] = await trx('units')
        .where({ id: planned.existingId })
        .update({ ...planned.data, version: trx.raw('version + 1'), updatedAt: trx.fn.now() })
        .returning('*');
      await recordEvent(trx, unitEvent('unit.updated', actor, property.organizationId, unit, { changed: Object.keys(planned.data ?? {}) }));
    }
  },
};

// Suppliers: the organization's supplier by RNC/cédula, else by name (ignoring case).
const suppliers: KindHandler = {
  async plan(trx, { property }, rows) {
    const stored: Array<Record<string, unknown> & { id: number; name: string; taxId: string | null }> = await trx('suppliers')
      .where({ organizationId: property.organizationId })
      .select('id', 'name', 'taxId', 'phone', 'email', 'category');
    const byTaxId = new Map(stored.filter((row) => row.taxId).map((row) => [row.taxId as string, row]));
    const byName = new Map(stored.map((row) => [row.name.toLowerCase(), row]));
    const keys: Array<string | null> = [];
    const planned = rows.map((row): Planned => {
      const input = Object.fromEntries(Object.entries({ name: row.name ?? '', taxId: row.taxId, phone: row.phone, email: row.email, category: row.category }).map(([k, v]) => [k, v ?? '']));
      const result = SupplierCreateSchema.safeParse(input);
      if (!result.success) {
        keys.push(null);
        return failed(fieldErrors(result.error));
      }
      const data = Object.fromEntries(Object.entries(result.data).filter(([key]) => key in input)) as Record<string, unknown>;
      keys.push(result.data.taxId ? `rnc:${result.data.taxId}` : `name:${result.data.name.toLowerCase()}`);
      const existing = result.data.taxId ? byTaxId.get(result.data.taxId) : byName.get(result.data.name.toLowerCase());
      if (!existing) return { outcome: 'create', data };
      const changed = changedFields(Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null)), existing);
      return changed.length ? { outcome: 'update', data: Object.fromEntries(changed.map((field) => [field, data[field]])), existingId: existing.id } : { outcome: 'unchanged' };
    });
    markDuplicates(planned, keys, 'taxId');
    return planned;
  },
  async write(trx, actor, { property }, planned) {
    const event = (type: 'supplier.created' | 'supplier.updated', supplier: { id: number; name: string }, extra = {}) => ({
      type,
      organizationId: property.organizationId,
      audience: 'administrators' as const,
      actorId: actor.id,
      subject: { type: 'supplier', id: supplier.id },
      payload: { id: supplier.id, name: supplier.name, ...extra },
    });
    if (planned.outcome === 'create') {
      const [supplier] = await trx('suppliers').insert({ ...planned.data, organizationId: property.organizationId }).returning(['id', 'name']);
      await recordEvent(trx, event('supplier.created', supplier));
    } else if (planned.outcome === 'update' && planned.existingId) {
      const [supplier] = await trx('suppliers').where({ id: planned.existingId }).update({ ...planned.data, updatedAt: trx.fn.now() }).returning(['id', 'name']);
      await recordEvent(trx, event('supplier.updated', supplier, { changed: Object.keys(planned.data ?? {}) }));
    }
  },
};

export const KIND_HANDLERS: Partial<Record<ImportKind, KindHandler>> = { units, people, suppliers, balances };

/** The kinds this server imports so far. */
export const supportedKind = (kind: ImportKind) => kind in KIND_HANDLERS;

export type { z };

export type { Cells, KindHandler, Planned };
