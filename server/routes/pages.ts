import type { Context } from 'koa';
import type { User } from '../models';

/** At most this many viewers' JSON is kept with one page (residents each reading a shared list). */
const VIEWERS_PER_PAGE = 50;

/**
 * Answers a page of a list: its rows as `present` shows them to the viewer, in JSON, with the
 * list's total in X-Total-Count.
 *
 * A remembered page (services/listTotals.ts) is the same array for as long as its data stay,
 * so its JSON is made once per viewer and kept with the array (a WeakMap: it leaves when the
 * page is forgotten); serializing was the largest cost of such a page. Any other page is a new
 * array and is serialized every time. Only for presenters that read nothing but the row and
 * the viewer's id and role: not the clock, not anything else passed in.
 */
export function pageAnswer<Row>(present: (row: Row, viewer: User) => unknown) {
  const made = new WeakMap<readonly Row[], Map<string, Buffer>>();
  return (ctx: Context, viewer: User, { rows, total }: { rows: readonly Row[]; total: number }) => {
    const who = `${viewer.id}:${viewer.role}:${viewer.isSuperAdmin}`;
    let byViewer = made.get(rows);
    if (!byViewer) made.set(rows, (byViewer = new Map()));
    let json = byViewer.get(who);
    if (!json) {
      json = Buffer.from(JSON.stringify(rows.map((row) => present(row, viewer))));
      if (byViewer.size >= VIEWERS_PER_PAGE) byViewer.clear();
      byViewer.set(who, json);
    }
    ctx.set('X-Total-Count', String(total));
    ctx.type = 'json';
    ctx.body = json;
  };
}
