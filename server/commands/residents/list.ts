import type { Knex } from 'knex';
import type { ResidentListQuery } from '../../../shared/schemas/residents';
import { db, PREPARE } from '../../db';
import type { User } from '../../models';
import { whereResidentVisible } from '../../policies/residents';
import type { ResidentRow } from '../../rows/residents';
import { escapeLike, foldedContains } from '../../db/search';
import { listTotal, rememberedForVersions } from '../../services/listTotals';

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
