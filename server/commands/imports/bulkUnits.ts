import type { Knex } from 'knex';
import type { UnitBulkInput } from '../../../shared/schemas/imports';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';
import { unitEvent } from '../units';

/**
 * Mass unit creation ("Crear unidades", docs/modules/onboarding.md): the numbers a pattern
 * makes for each floor, the ones the property has (ignoring case) skipped. With equal shares,
 * every unit made gets 100 / how many the pattern makes (4 decimals, rounded down).
 */
export type BulkUnit = { unitNumber: string; floor: number; outcome: 'create' | 'skip' };

export function bulkNumbers(input: UnitBulkInput): Array<{ unitNumber: string; floor: number }> {
  const numbers: Array<{ unitNumber: string; floor: number }> = [];
  for (let floor = input.floors.from; floor <= input.floors.to; floor++) {
    for (let n = 1; n <= input.perFloor; n++) {
      const made = input.pattern
        .replaceAll('{floor}', String(floor))
        .replaceAll('{letter}', String.fromCharCode(64 + n))
        .replaceAll('{n}', String(n));
      numbers.push({ unitNumber: `${input.prefix}${made}`.trim(), floor });
    }
  }
  return numbers;
}

export async function planBulkUnits(trx: Knex, property: Pick<Property, 'id'>, input: UnitBulkInput) {
  const stored: Array<{ unitNumber: string }> = await trx('units').where({ propertyId: property.id }).select('unitNumber');
  const existing = new Set(stored.map((unit) => unit.unitNumber.toLowerCase()));
  const seen = new Set<string>();
  const units: BulkUnit[] = bulkNumbers(input).map(({ unitNumber, floor }) => {
    const key = unitNumber.toLowerCase();
    const outcome = existing.has(key) || seen.has(key) ? 'skip' : 'create';
    seen.add(key);
    return { unitNumber, floor, outcome };
  });
  const share = input.equalShares && units.length ? Math.floor((100 / units.length) * 10_000) / 10_000 : null;
  return { units, share, totals: { create: units.filter((u) => u.outcome === 'create').length, skip: units.filter((u) => u.outcome === 'skip').length } };
}

export async function createBulkUnits(trx: Knex, actor: User, property: Property, input: UnitBulkInput) {
  const plan = await planBulkUnits(trx, property, input);
  const rows = plan.units.filter((unit) => unit.outcome === 'create').map(({ unitNumber, floor }) => ({ propertyId: property.id, unitNumber, floor, ...(plan.share !== null ? { share: plan.share } : {}) }));
  const created = [];
  // In slices: a building of 2,000 units stays well under PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 500) created.push(...(await trx('units').insert(rows.slice(i, i + 500)).onConflict(['propertyId', 'unitNumber']).ignore().returning('*')));
  if (created.length) await recordEvent(trx, ...created.map((unit) => unitEvent('unit.created', actor, property.organizationId, unit)));
  return { ...plan, totals: { create: created.length, skip: plan.units.length - created.length } };
}
