import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import type { NoticeInput, ResidentCreateInput, ResidentListQuery, ResidentUpdateInput } from '../../shared/schemas/residents';
import { db, PREPARE } from '../db';
import { conflict } from '../errors';
import { claimVersion } from '../db/versioned';
import { recordEvent } from '../events/outbox';
import type { Property, User } from '../models';
import { whereResidentVisible } from '../policies/residents';
import type { ResidentRow } from '../models/rows/residents';
import { hashPassword, temporaryPassword } from '../services/passwords';
import { assertOrganizationLimit } from '../policies/limits';
import { escapeLike, foldedContains } from '../db/search';
import { inviteUser } from '../notifications/accounts';
import { leaveUnit } from './departures';
import { unitForResident } from './units';
import { isUniqueViolation } from '../db/violations';
import { listTotal, rememberedForVersions } from '../services/listTotals';
import { fullName } from '../../shared/format';

/** Residences joined with their user, unit and property (alias r, u, un, p). */
function residentRows(trx: Knex) {
  return trx('residents as r')
    .join('users as u', 'u.id', 'r.userId')
    .join('properties as p', 'p.id', 'r.propertyId')
    .leftJoin('units as un', 'un.id', 'r.unitId')
    .select(
      'r.id', 'r.userId', 'r.propertyId', 'r.unitId', 'r.status', 'r.startDate', 'r.endDate', 'r.isPrimary',
      'r.createdAt', 'r.updatedAt', 'r.version', 'p.name as propertyName', 'p.ownerId as propertyOwnerId', 'p.organizationId', 'un.unitNumber',
      'u.name', 'u.lastName', 'u.username', 'u.email', 'u.phone', 'u.avatarType', 'u.updatedAt as userUpdatedAt',
    );
}

/** The filters of the directory on `residents as r`: what the user may see, status, property. */
function whereResidentFilters(query: Knex.QueryBuilder, user: User, filters: Partial<ResidentListQuery>, trx: Knex) {
  whereResidentVisible(query, user, trx);
  if (filters.status) query.where('r.status', filters.status);
  if (filters.propertyId) query.where('r.propertyId', filters.propertyId);
  return query;
}

/**
 * Residences (`residents as r` with their user `u`) found by `q` in the name, last name or
 * email (ignoring case and accents), or at the start of the unit number ("10" finds 101 and
 * 102, not 210). Two disjoint sets joined by UNION ALL, so each side uses its index and is
 * estimated well (migration 20261122000400); an OR of the two would scan every resident, and a
 * plain UNION would sort the matches to remove duplicates. `refine` adds the same filters (and,
 * for a page, order and limit) to both sides: a page then walks the name index on each side
 * and merges the two, instead of sorting every match.
 */
function residencesMatching(trx: Knex, q: string, refine: (side: Knex.QueryBuilder) => Knex.QueryBuilder) {
  const inText = foldedContains(trx, q);
  const byName = trx('residents as r').join('users as u', 'u.id', 'r.userId').where('u.searchText', 'like', inText);
  const byUnit = trx('residents as r')
    .join('units as numbered', 'numbered.id', 'r.unitId')
    .join('users as u', 'u.id', 'r.userId')
    .whereRaw("lower(numbered.unit_number) like lower(?) || '%'", [escapeLike(q)])
    .whereNot('u.searchText', 'like', inText);
  return trx.unionAll([refine(byName), refine(byUnit)], true);
}

/** A search finding at most this many residences sorts them all instead of walking the name index. */
const FEW_MATCHES = 1000;

/** Deep pages start from a remembered bookmark: the sort key of every BOOKMARK_EVERY-th residence. */
const BOOKMARK_EVERY = 1000;

/**
 * Residents the user may see, sorted by name; `limit/offset` page them (all without limit).
 * Answers the page and the total of the filtered list.
 *
 * The page is chosen on residence ids and sort keys alone, then joined with units and
 * properties for its rows only; it walks the users' name index (a search with few matches
 * sorts them instead, see below). The page, the total, and for a page past the first thousand
 * rows the sort key it starts after, are remembered per data version (services/listTotals.ts):
 * a deep page reads its rows from the bookmark on instead of sorting every residence before it.
 */
export function listResidents(user: User, filters: Partial<ResidentListQuery>): Promise<{ rows: ResidentRow[]; total: number }> {
  const trx = db();
  const { q } = filters;
  const visible = (query: Knex.QueryBuilder) => whereResidentFilters(query, user, filters, trx).select('r.id', 'u.sortName');
  const all = () => (q ? trx.from(residencesMatching(trx, q, visible).as('r')) : visible(trx('residents as r').join('users as u', 'u.id', 'r.userId')));
  // The list and the page's place in it decide the answer: a page asked again is remembered
  // under that one query, not compiled as the four it runs (its rows read units and properties).
  const asked = all().offset(filters.offset ?? 0);
  if (filters.limit) asked.limit(filters.limit);
  return rememberedForVersions(user, asked, () => residentsPage(user, filters, all, visible, trx), trx, ['units', 'properties']);
}

async function residentsPage(
  user: User,
  filters: Partial<ResidentListQuery>,
  all: () => Knex.QueryBuilder,
  visible: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  trx: Knex,
): Promise<{ rows: ResidentRow[]; total: number }> {
  const { q } = filters;
  let offset = filters.offset ?? 0;
  const skipped = Math.floor(offset / BOOKMARK_EVERY) * BOOKMARK_EVERY;
  const bookmark = skipped ? (await bookmarks(user, all(), trx))[skipped / BOOKMARK_EVERY - 1] : undefined;
  if (bookmark) offset -= skipped;
  /** The rows from the bookmark on, by name, as many as the page needs. */
  const fromBookmark = (query: Knex.QueryBuilder, sortName: string, id: string) => {
    // The range condition lets the name index start at the bookmark; the row comparison breaks ties.
    if (bookmark) query.where(sortName, '>=', bookmark.sortName).whereRaw('(??, ??) > (?, ?)', [sortName, id, bookmark.sortName, bookmark.id]);
    query.orderBy([{ column: sortName }, { column: id }]);
    return filters.limit ? query.limit(offset + filters.limit) : query;
  };
  // A search is paged by walking the name index in order, which pays when matches are common
  // enough to meet early; when its (remembered) total says they are few, they are gathered by
  // the trigram indexes first (a materialized CTE: the planner cannot walk the name index for
  // them), then sorted.
  const total = q ? await listTotal(user, all(), trx) : undefined;
  const matches = !q
    ? null
    : total! <= FEW_MATCHES
      ? trx.withMaterialized('matches', residencesMatching(trx, q, visible)).from('matches as r')
      : trx.from(residencesMatching(trx, q, (side) => fromBookmark(visible(side), 'u.sortName', 'r.id')).as('r'));
  const chosen = matches
    ? fromBookmark(matches.select('r.id', 'r.sortName'), 'r.sortName', 'r.id')
    : fromBookmark(visible(trx('residents as r').join('users as u', 'u.id', 'r.userId')), 'u.sortName', 'r.id');
  chosen.offset(offset);
  if (filters.limit) chosen.limit(filters.limit);
  const page = residentRows(trx)
    .join(chosen.as('page'), 'page.id', 'r.id')
    .orderBy([{ column: 'page.sortName' }, { column: 'r.id' }]);
  // Planning this join costs twice its run: prepared (server/db), a plan serves every page. Not
  // for searches: a plan made without knowing the pattern walks far more rows than it needs.
  if (!q) page.options(PREPARE);
  const [rows, counted] = await Promise.all([page, total ?? listTotal(user, all(), trx)]);
  return { rows: rows as ResidentRow[], total: counted };
}

/** The sort key of every BOOKMARK_EVERY-th row of the list (the last row of each thousand). */
function bookmarks(user: User, all: Knex.QueryBuilder, trx: Knex): Promise<Array<{ sortName: string; id: number }>> {
  const numbered = trx.from(all.as('listed')).select('sortName', 'id', trx.raw('row_number() over (order by sort_name, id) as position'));
  return rememberedForVersions(
    user,
    numbered,
    () => trx.from(numbered.as('n')).select('sortName', 'id').whereRaw('position % ? = 0', [BOOKMARK_EVERY]).orderBy('position'),
    trx,
  );
}

export async function getResident(trx: Knex, id: number): Promise<ResidentRow> {
  return (await residentRows(trx).where('r.id', id).first()) as ResidentRow;
}

type ResidentEventType = 'resident.created' | 'resident.updated' | 'resident.deactivated';

/** Told to the property (its owner and residents) and the administrators: no contact data. */
const residentEvent = (type: ResidentEventType, actor: User, row: ResidentRow) => ({
  type,
  organizationId: row.organizationId,
  audience: 'property' as const,
  propertyId: row.propertyId,
  actorId: actor.id,
  subject: { type: 'resident', id: row.id },
  payload: { name: fullName(row.name, row.lastName), unitNumber: row.unitNumber, status: row.status },
});

/** The end date a residence gets when it becomes inactive (today, never before its start). */
const endsToday = (trx: Knex) =>
  trx.raw('case when start_date is null or start_date <= current_date then current_date else start_date end');

const emailTaken = () =>
  conflict(messageText('resident_email_taken'), 'duplicate_username', { username: messageText('resident_email_taken') });

/**
 * A residence lets its administrators edit the account's name and phone, so an account the
 * actor could not manage otherwise (of another organization than the property's, or a
 * super-admin's unless they are one) is never linked or edited through it: 409, nothing changes.
 */
function assertAccountManageable(actor: User, property: Property, account: { isSuperAdmin: boolean; organizationId: number }) {
  if (account.organizationId !== property.organizationId || (account.isSuperAdmin && !actor.isSuperAdmin)) {
    throw conflict(messageText('resident_account_protected'), 'account_protected', { username: messageText('resident_account_protected') });
  }
}

/**
 * Adds a resident to a property (spec resident form), all or nothing:
 * - a new email creates a Residente account with a temporary password (answered once, to be
 *   changed at first sign-in) and emails them an invitation to choose their own; an email of a
 *   user of the same organization links that user (their profile is theirs and stays as it
 *   is); an email of another organization, or of a super-admin, is refused (409);
 * - the unit is the property's unit with that number; one it does not have is created only
 *   when the request says so (`createUnit`);
 * - a former (inactive) residence of the same user in the property is reopened.
 */
export async function createResident(trx: Knex, actor: User, property: Property, input: ResidentCreateInput) {
  const existing = await trx('users').where({ username: input.username }).forUpdate().first('id', 'organizationId', 'isSuperAdmin');
  if (existing && existing.organizationId !== property.organizationId) throw emailTaken();
  if (existing) assertAccountManageable(actor, property, existing);

  let userId: number = existing?.id;
  let tempPassword: string | null = null;
  if (!existing) {
    await assertOrganizationLimit(trx, property.organizationId, 'users');
    tempPassword = temporaryPassword();
    try {
      [{ id: userId }] = await trx('users')
        .insert({
          username: input.username,
          email: input.username,
          password: await hashPassword(tempPassword),
          name: input.name,
          lastName: input.lastName,
          phone: input.phone,
          country: property.country,
          city: property.city,
          role: 'Residente',
          organizationId: property.organizationId,
          mustChangePassword: true,
        })
        .returning('id');
    } catch (error) {
      throw isUniqueViolation(error, 'users_username_unique') ? emailTaken() : error;
    }
  }

  const previous = await trx('residents').where({ userId, propertyId: property.id }).forUpdate().first('id', 'status');
  if (previous && previous.status !== 'inactive') {
    throw conflict(messageText('resident_already_linked'), 'already_resident', { username: messageText('resident_already_linked') });
  }
  const unit = await unitForResident(trx, actor, property, input.unit, input.createUnit);
  const values = { unitId: unit.id, status: input.status, startDate: trx.raw('current_date'), endDate: null };
  const [{ id }] = previous
    ? await trx('residents').where({ id: previous.id }).update({ ...values, version: trx.raw('version + 1'), updatedAt: trx.fn.now() }).returning('id')
    : await trx('residents').insert({ ...values, userId, propertyId: property.id }).returning('id');

  const row = await getResident(trx, id);
  await recordEvent(trx, residentEvent('resident.created', actor, row));
  const invited = tempPassword !== null && (await inviteUser(trx, actor, userId));
  return { row, tempPassword, invited };
}

/** Status columns of a change of status: becoming inactive ends the residence today; coming back reopens it. */
function statusChange(trx: Knex, from: string, to: string | undefined) {
  if (!to || to === from) return {};
  if (to === 'inactive') return { status: to, endDate: endsToday(trx) };
  return { status: to, endDate: null };
}

/** A residence as its commands change it. */
type Residence = { id: number; userId: number; unitId: number | null; status: string };

/**
 * Edits a resident (spec: name, lastName, phone, unit, status): the name and phone are the
 * user's; the unit is found by number (created only when the request says so). Moved to
 * another unit, or made inactive, they leave the unit they had (commands/departures.ts).
 */
export async function updateResident(trx: Knex, actor: User, property: Property, resident: Residence, input: ResidentUpdateInput) {
  await claimVersion(trx, 'residents', resident.id, input.version);
  const account = await trx('users').where({ id: resident.userId }).forUpdate().first('name', 'lastName', 'phone', 'isSuperAdmin', 'organizationId');
  const userChanges = Object.fromEntries(
    Object.entries({ name: input.name, lastName: input.lastName, phone: input.phone }).filter(
      ([field, value]) => value !== undefined && value !== account[field],
    ),
  );
  if (Object.keys(userChanges).length) {
    assertAccountManageable(actor, property, account);
    await trx('users').where({ id: resident.userId }).update({ ...userChanges, updatedAt: trx.fn.now() });
  }
  const unit = await unitForResident(trx, actor, property, input.unit, input.createUnit);
  await trx('residents')
    .where({ id: resident.id })
    .update({ unitId: unit.id, ...statusChange(trx, resident.status, input.status), updatedAt: trx.fn.now() });
  const row = await getResident(trx, resident.id);
  const deactivated = row.status === 'inactive' && resident.status !== 'inactive';
  await recordEvent(trx, residentEvent(deactivated ? 'resident.deactivated' : 'resident.updated', actor, row));
  if (resident.unitId && (deactivated || row.unitId !== resident.unitId)) await leaveUnit(trx, actor, resident.userId, resident.unitId);
  return row;
}

/**
 * Ends a residence: status inactive, end date today; the user no longer reads the property
 * (unless they own it or a unit of it) and leaves their unit (commands/departures.ts).
 */
export async function deactivateResident(trx: Knex, actor: User, resident: Residence) {
  // A change like an edit: an edit form opened before it answers 409 rather than reopen it.
  await claimVersion(trx, 'residents', resident.id);
  if (resident.status !== 'inactive') {
    await trx('residents').where({ id: resident.id }).update({ ...statusChange(trx, resident.status, 'inactive'), updatedAt: trx.fn.now() });
  }
  const row = await getResident(trx, resident.id);
  if (resident.status !== 'inactive') {
    await recordEvent(trx, residentEvent('resident.deactivated', actor, row));
    if (resident.unitId) await leaveUnit(trx, actor, resident.userId, resident.unitId);
  }
  return row;
}

/**
 * "Send Message": a direct notice to the resident's user, kept as a `notice.sent` event for
 * that user only (activity feed and live push).
 */
export async function sendNotice(trx: Knex, actor: User, resident: ResidentRow, input: NoticeInput) {
  const senderName = fullName(actor.name, actor.lastName);
  await recordEvent(trx, {
    type: 'notice.sent',
    organizationId: resident.organizationId,
    audience: 'user',
    userId: resident.userId,
    propertyId: resident.propertyId,
    actorId: actor.id,
    subject: { type: 'resident', id: resident.id },
    payload: { title: input.title, message: input.message, senderName },
  });
  return {
    residentId: resident.id,
    userId: resident.userId,
    title: input.title,
    message: input.message,
    senderName,
    sentAt: new Date().toISOString(),
  };
}
