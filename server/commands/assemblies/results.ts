import type { Knex } from 'knex';
import { quorumReached, resultOf, type ItemResult, type Majority, type Quorum, type Tally, type Weighting } from '../../../shared/assemblies';
import { todayThere } from '../../../shared/time';
import { pastDueSql } from '../../db/charges';
import type { AssemblyRow } from '../../policies/assemblies';

/**
 * The arithmetic of an assembly from its rows: quorum from the attendance, tallies from the
 * ballots, results by the item's majority (shared/assemblies.ts, integers only). Shares are
 * read as integers of ten-thousandths, so sums are exact whatever they add up to.
 */

export type ItemRow = {
  id: number;
  assemblyId: number;
  position: number;
  title: string;
  description: string | null;
  kind: 'informative' | 'vote';
  options: string[];
  majority: Majority;
  weighting: Weighting;
  secret: boolean;
  status: 'pending' | 'open' | 'closed';
  openedAt: Date | null;
  closedAt: Date | null;
  quorum: Quorum | null;
  result: ItemResult | null;
};

/** Which call applies at `now`: the first until the second call's time. */
export const callAt = (assembly: Pick<AssemblyRow, 'secondCallAt'>, now = new Date()): 'first' | 'second' =>
  now < new Date(assembly.secondCallAt) ? 'first' : 'second';

/** The quorum now: shares and units present against every unit of the property. */
export async function quorumOf(trx: Knex, assembly: Pick<AssemblyRow, 'id' | 'propertyId' | 'secondCallAt' | 'quorumFirstCall'>, now = new Date()): Promise<Quorum> {
  const row = await trx('units')
    .leftJoin('assembly_attendance as a', (join) => join.on('a.unit_id', 'units.id').andOnVal('a.assembly_id', assembly.id))
    .where('units.property_id', assembly.propertyId)
    .first(
      trx.raw('count(*)::int as "totalUnits"'),
      trx.raw('coalesce(sum(round(coalesce(units.share, 0) * 10000)), 0)::bigint as "totalWeight"'),
      trx.raw('(count(*) filter (where a.present))::int as "presentUnits"'),
      trx.raw('coalesce(sum(round(coalesce(units.share, 0) * 10000)) filter (where a.present), 0)::bigint as "presentWeight"'),
    );
  const call = callAt(assembly, now);
  const figures = {
    presentWeight: Number(row.presentWeight),
    totalWeight: Number(row.totalWeight),
    presentUnits: Number(row.presentUnits),
    totalUnits: Number(row.totalUnits),
  };
  return {
    call,
    ...figures,
    required: assembly.quorumFirstCall,
    reached: quorumReached(call, figures.presentWeight, figures.totalWeight, figures.presentUnits, assembly.quorumFirstCall),
  };
}

/** Ids of the property's units with charges past due today (they attend but do not vote when the assembly blocks them). */
export async function delinquentUnitIds(trx: Knex, propertyId: number, today = todayThere()): Promise<Set<number>> {
  const ids: number[] = await trx('charges')
    .where('charges.property_id', propertyId)
    .whereRaw(pastDueSql('charges'), [today])
    .whereRaw('charges.amount > charges.paid_amount')
    .distinct()
    .pluck('charges.unit_id');
  return new Set(ids);
}

/** A unit's weight on an item: its share (ten-thousandths) or one. */
export const unitWeight = (weighting: Weighting, share: number | string | null) =>
  weighting === 'unit' ? 1 : Math.round(Number(share ?? 0) * 10_000);

/**
 * The weight of every unit that may vote on the item: all the property's units but those
 * blocked for debts, summed by the database (a share is an exact numeric: `round(share *
 * 10000)` is `unitWeight`'s integer).
 */
export async function eligibleWeightOf(trx: Knex, assembly: Pick<AssemblyRow, 'propertyId' | 'blockDelinquent'>, weighting: Weighting): Promise<number> {
  const query = trx('units')
    .where({ propertyId: assembly.propertyId })
    .first(weighting === 'unit' ? trx.raw('count(*)::bigint as weight') : trx.raw('coalesce(sum(round(coalesce(share, 0) * 10000)), 0)::bigint as weight'));
  if (assembly.blockDelinquent) {
    const blocked = await delinquentUnitIds(trx, assembly.propertyId);
    if (blocked.size) query.whereNotIn('id', [...blocked]);
  }
  return Number((await query).weight);
}

/**
 * The live tally of an item from its ballots: one row per option counted by the database (a
 * ballot is pushed to every phone after each vote, so this runs once per ballot).
 */
export async function tallyOfItem(trx: Knex, assembly: Pick<AssemblyRow, 'propertyId' | 'blockDelinquent'>, item: Pick<ItemRow, 'id' | 'options' | 'weighting'>): Promise<Tally> {
  const grouped: Array<{ option: string; units: number; weight: string }> = await trx('assembly_votes')
    .where({ itemId: item.id })
    .groupBy('option')
    .select('option', trx.raw('count(*)::int as units'), trx.raw('sum(weight)::bigint as weight'));
  const eligible = await eligibleWeightOf(trx, assembly, item.weighting);
  const rows = item.options.map((option) => {
    const found = grouped.find((row) => row.option === option);
    return { option, units: found ? Number(found.units) : 0, weight: found ? Number(found.weight) : 0 };
  });
  return { options: rows, eligibleWeight: eligible, castWeight: rows.reduce((sum, row) => sum + row.weight, 0), castUnits: rows.reduce((sum, row) => sum + row.units, 0) };
}

/** The result of an item by its majority, from its ballots now. */
export async function computeResult(trx: Knex, assembly: Pick<AssemblyRow, 'propertyId' | 'blockDelinquent'>, item: ItemRow): Promise<ItemResult> {
  return resultOf(item.majority, await tallyOfItem(trx, assembly, item));
}

/** The agenda of an assembly in order. */
export const itemsOf = (trx: Knex, assemblyId: number) => trx('assembly_items').where({ assemblyId }).orderBy('position') as Promise<ItemRow[]>;
