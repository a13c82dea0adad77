import type { Knex } from 'knex';
import type { Quorum } from '../../shared/assemblies';
import type { Assembly, AssemblyDetail, AssemblyItem } from '../../shared/schemas/assemblies';
import { noticeWarning } from '../commands/assemblies/assemblies';
import { assemblySettingsOf } from '../commands/assemblies/settings';
import { delinquentUnitIds, itemsOf, quorumOf, tallyOfItem } from '../commands/assemblies/results';
import type { User } from '../models';
import { allowedActions, managesAssemblies, votingUnits, type AssemblyRow } from '../policies/assemblies';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const presentAssembly = (row: AssemblyRow): Assembly => ({
  id: row.id,
  organizationId: row.organizationId,
  propertyId: row.propertyId,
  propertyName: row.propertyName,
  kind: row.kind,
  title: row.title,
  status: row.status,
  firstCallAt: iso(row.firstCallAt)!,
  secondCallAt: iso(row.secondCallAt)!,
  place: row.place,
  meetingUrl: row.meetingUrl,
  quorumFirstCall: row.quorumFirstCall,
  blockDelinquent: row.blockDelinquent,
  cancelReason: row.cancelReason,
  convenedAt: iso(row.convenedAt),
  startedAt: iso(row.startedAt),
  closedAt: iso(row.closedAt),
  cancelledAt: iso(row.cancelledAt),
  minutesDocumentId: row.minutesDocumentId,
  version: row.version,
});


/**
 * The assembly as the user sees it: agenda with live tallies (open items) and frozen results
 * (closed ones), the quorum now and at each call, the user's units and ballots, and `actions`.
 * Nobody is told what a unit voted on a secret ballot but the unit's own voter.
 */
export async function presentDetail(trx: Knex, user: User, row: AssemblyRow): Promise<AssemblyDetail> {
  const [items, quorum, mine] = await Promise.all([itemsOf(trx, row.id), quorumOf(trx, row), votingUnits(user, row, trx)]);
  const unitIds = mine.map((unit) => unit.unitId);
  const [present, ballots, blocked] = await Promise.all([
    unitIds.length
      ? trx('assembly_attendance').where({ assemblyId: row.id, present: true }).whereIn('unitId', unitIds).select('unitId').then((rows: Array<{ unitId: number }>) => rows.map((one) => one.unitId))
      : [],
    unitIds.length && items.length
      ? (trx('assembly_votes').whereIn('itemId', items.map((item) => item.id)).whereIn('unitId', unitIds).select('itemId', 'unitId', 'option') as Promise<Array<{ itemId: number; unitId: number; option: string }>>)
      : [],
    row.blockDelinquent && unitIds.length ? delinquentUnitIds(trx, row.propertyId) : new Set<number>(),
  ]);
  const presentItems: AssemblyItem[] = [];
  for (const item of items) {
    presentItems.push({
      id: item.id,
      position: item.position,
      title: item.title,
      description: item.description,
      kind: item.kind,
      options: item.options,
      majority: item.majority,
      weighting: item.weighting,
      secret: item.secret,
      status: item.status,
      openedAt: iso(item.openedAt),
      closedAt: iso(item.closedAt),
      tally: item.status === 'open' ? await tallyOfItem(trx, row, item) : (item.result ?? null),
      result: item.status === 'closed' ? item.result : null,
      myVotes: ballots.filter((ballot) => ballot.itemId === item.id).map(({ unitId, option }) => ({ unitId, option })),
    });
  }
  return {
    ...presentAssembly(row),
    items: presentItems,
    quorum,
    quorumFirst: (row.quorumFirst as Quorum | null) ?? null,
    quorumSecond: (row.quorumSecond as Quorum | null) ?? null,
    actions: allowedActions(user, row, mine.length > 0),
    myUnits: mine.map((unit) => ({
      unitId: unit.unitId,
      unitNumber: unit.unitNumber,
      present: (present as number[]).includes(unit.unitId),
      viaProxy: unit.viaProxy,
      blocked: (blocked as Set<number>).has(unit.unitId),
    })),
    // Under the organization's days of notice (system settings, Asambleas).
    noticeWarning: managesAssemblies(user) && row.status === 'draft' ? noticeWarning(row, new Date(), (await assemblySettingsOf(row.organizationId, trx)).noticeDays) : null,
  };
}
