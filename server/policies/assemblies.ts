import type { Knex } from 'knex';
import type { AssemblyAction, AssemblyStatus } from '../../shared/assemblies';
import { messageText } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import type { User } from '../models';
import { readablePropertyIds, whereOrganizationReachable } from './tenancy';

/**
 * Who reads, runs and votes in assemblies (docs/modules/assemblies.md, "Who"):
 * - administrators of the organizations they reach run them (create, convene, attendance,
 *   open and close votes) and record votes for units present in the room;
 * - owners and residents of the property read its assemblies once convened (not drafts);
 * - a unit votes through its current owner (`units.owner_id`, or the owner of the whole
 *   property when the unit has none), or through the holder of an approved proxy for that
 *   assembly (the owner then no longer votes for it); residents who are not owners observe;
 * - suppliers have nothing here (403); an assembly outside the caller's reach answers 404.
 */

export type AssemblyRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  propertyName: string;
  kind: 'ordinary' | 'extraordinary';
  title: string;
  status: AssemblyStatus;
  firstCallAt: Date;
  secondCallAt: Date;
  place: string | null;
  meetingUrl: string | null;
  quorumFirstCall: number;
  blockDelinquent: boolean;
  quorumFirst: unknown;
  quorumSecond: unknown;
  minutesDocumentId: number | null;
  cancelReason: string | null;
  createdById: number | null;
  convenedAt: Date | null;
  startedAt: Date | null;
  closedAt: Date | null;
  cancelledAt: Date | null;
  version: number;
};

export const managesAssemblies = (user: User) => can(user, 'assemblies.manage');

/** Suppliers (and any role without a part in assemblies) are refused outright. */
export function authorizeAssemblies(user: User) {
  if (!managesAssemblies(user) && user.role !== 'Propietario' && user.role !== 'Residente') throw forbidden();
}

export function authorizeManage(user: User) {
  if (!managesAssemblies(user)) throw forbidden();
}

/** Who reads and sets the assembly settings: who manages the organization's settings; 403. */
export function authorizeAssemblySettings(user: User) {
  if (!can(user, 'settings.manage')) throw forbidden();
}

/** Restricts a query on `assemblies` to the rows the user reads. */
export function whereAssemblyReadable(query: Knex.QueryBuilder, user: User, trx: Knex = db()): Knex.QueryBuilder {
  if (managesAssemblies(user)) return whereOrganizationReachable(query, 'assemblies.organization_id', user);
  if (user.role !== 'Propietario' && user.role !== 'Residente') return query.whereRaw('false');
  return query
    .where('assemblies.organization_id', user.organizationId)
    .whereNot('assemblies.status', 'draft')
    .where((reach) =>
      reach
        .whereIn('assemblies.property_id', readablePropertyIds(user, trx))
        // An approved proxy holder who neither owns nor lives there reads the assembly they vote in.
        .orWhereExists(
          trx('assembly_proxies')
            .select(trx.raw('1'))
            .whereRaw('assembly_proxies.assembly_id = assemblies.id')
            .where({ 'assembly_proxies.holder_user_id': user.id, 'assembly_proxies.status': 'approved' }),
        ),
    );
}

export const assemblyRows = (trx: Knex) =>
  trx('assemblies').join('properties', 'properties.id', 'assemblies.property_id').select('assemblies.*', 'properties.name as propertyName');

/** An assembly the user reads (locked for the transaction with `lock`), or 404. */
export async function findReadableAssembly(user: User, id: number, trx: Knex = db(), { lock = false } = {}): Promise<AssemblyRow> {
  authorizeAssemblies(user);
  const query = whereAssemblyReadable(assemblyRows(trx), user, trx).where('assemblies.id', id).first();
  if (lock) query.forUpdate('assemblies');
  const row = (await query) as AssemblyRow | undefined;
  if (!row) throw notFound(messageText('assembly_not_found'));
  return row;
}

/** An assembly the user runs: 404 outside their reach, 403 when they only read it. */
export async function findManagedAssembly(user: User, id: number, trx: Knex = db(), { lock = false } = {}) {
  const row = await findReadableAssembly(user, id, trx, { lock });
  authorizeManage(user);
  return row;
}

export type VotingUnit = { unitId: number; unitNumber: string; viaProxy: boolean; proxyId: number | null };

/**
 * The units of the assembly's property the user votes for now: those they own (not handed to
 * someone else by an approved proxy) and those they hold an approved proxy for. Checked on
 * every vote, so a change of ownership takes effect at once.
 */
export async function votingUnits(user: Pick<User, 'id'>, assembly: Pick<AssemblyRow, 'id' | 'propertyId'>, trx: Knex = db()): Promise<VotingUnit[]> {
  const { rows } = await trx.raw(
    `select u.id as "unitId", u.unit_number as "unitNumber", false as "viaProxy", null::int as "proxyId"
       from units u join properties p on p.id = u.property_id
      where u.property_id = :property
        and (u.owner_id = :user or (u.owner_id is null and p.owner_id = :user))
        and not exists (select 1 from assembly_proxies x where x.assembly_id = :assembly and x.unit_id = u.id and x.status = 'approved'
                         and x.holder_user_id is distinct from :user)
     union
     select u.id, u.unit_number, true, x.id
       from assembly_proxies x join units u on u.id = x.unit_id
      where x.assembly_id = :assembly and x.status = 'approved' and x.holder_user_id = :user and u.property_id = :property
     order by 2`,
    { property: assembly.propertyId, user: user.id, assembly: assembly.id },
  );
  const seen = new Map<number, VotingUnit>();
  for (const row of rows as VotingUnit[]) if (!seen.has(row.unitId) || row.viaProxy) seen.set(row.unitId, row);
  return [...seen.values()];
}

/** Whether the user owns the unit now (grants its proxy, marks it present). */
export async function ownsUnit(user: Pick<User, 'id'>, unitId: number, propertyId: number, trx: Knex = db()) {
  const row = await trx('units')
    .join('properties', 'properties.id', 'units.property_id')
    .where('units.id', unitId)
    .where('units.property_id', propertyId)
    .where((owner) => owner.where('units.owner_id', user.id).orWhere((whole) => whole.whereNull('units.owner_id').where('properties.owner_id', user.id)))
    .first('units.id');
  return Boolean(row);
}

/** What the user may do to the assembly now: the presenter sends it, the screens show exactly these. */
export function allowedActions(user: User, row: Pick<AssemblyRow, 'status'>, votes: boolean): AssemblyAction[] {
  const admin = managesAssemblies(user);
  const open = row.status === 'convened' || row.status === 'in_session';
  const actions: Array<[AssemblyAction, boolean]> = [
    ['edit', admin && row.status === 'draft'],
    ['manageItems', admin && row.status === 'in_session'],
    ['convene', admin && row.status === 'draft'],
    ['start', admin && row.status === 'convened'],
    ['close', admin && row.status === 'in_session'],
    ['cancel', admin && row.status !== 'closed' && row.status !== 'cancelled'],
    ['checkIn', admin && open],
    ['proxies', admin || (votes && open)],
    ['vote', votes && row.status === 'in_session'],
    ['markPresent', votes && open],
  ];
  return actions.filter(([, allowed]) => allowed).map(([action]) => action);
}
