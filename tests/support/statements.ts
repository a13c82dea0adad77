import { db } from '../../server/db';

/** The SQL statements the app runs while `run` runs (those `only` matches, when given). */
export async function statementsDuring(run: () => Promise<unknown>, only?: RegExp) {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => (!only || only.test(query.sql)) && seen.push(query.sql);
  db().on('query', listener);
  try {
    await run();
  } finally {
    db().off('query', listener);
  }
  return seen;
}
