import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { toAppError } from '../../server/middleware/errors';
import { TEXT_LIMITS } from '../../shared/limits';
import { signedIn } from '../support/factories';
import { client, testApp } from '../support/services';
import type { InputCase, InputRequest } from './inputs/types';
import { declaredRoutes } from './isolation/routes';
import { createTenant } from './isolation/world';

/**
 * Every text a request carries has a length limit and a character rule, checked by the one
 * validation path (the shared zod schemas): each mutating route and each route that reads a
 * query gets its valid request (tests/api/inputs/*.cases.ts) with one text at a time replaced
 * by a value longer than any limit, then by one with a NUL byte; every such request answers
 * 400 with `fields`, never 500, and changes nothing (the valid request still succeeds after).
 */

beforeAll(async () => {
  await testApp();
});

const modules = import.meta.glob<{ cases: InputCase[] }>('./inputs/*.cases.ts', { eager: true });
const cases = Object.values(modules).flatMap((module) => module.cases);

const TOO_LONG = 'x'.repeat(Math.max(...Object.values(TEXT_LIMITS)) + 1);
const BAD_TEXTS = { 'too long': TOO_LONG, 'with NUL': 'texto\u0000oculto' };

type Variant = { label: string } & InputRequest;

/** Each string of a JSON value, by its path, with a function that rebuilds the value with another string there. */
function textsOf(value: unknown, path: string[] = []): Array<{ path: string; value: string; replace: (text: string) => unknown }> {
  if (typeof value === 'string') return [{ path: path.join('.'), value, replace: (text) => text }];
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : value && typeof value === 'object' ? Object.entries(value) : [];
  return entries.flatMap(([key, item]) =>
    textsOf(item, [...path, key]).map((found) => ({
      ...found,
      replace: (text: string) => (Array.isArray(value) ? value.map((old, index) => (String(index) === key ? found.replace(text) : old)) : { ...(value as object), [key]: found.replace(text) }),
    })),
  );
}

/** The valid request with one query parameter or one body text replaced by each bad text. */
function variants({ path, body }: InputRequest): Variant[] {
  const url = new URL(path, 'http://vecindad.test');
  const params = [...url.searchParams.keys()];
  return Object.entries(BAD_TEXTS).flatMap(([badName, bad]) => [
    ...params.map((param) => {
      const changed = new URL(url);
      changed.searchParams.set(param, bad);
      return { label: `?${param} ${badName}`, path: `${changed.pathname}${changed.search}`, body };
    }),
    ...textsOf(body).map(({ path: field, replace }) => ({ label: `${field} ${badName}`, path, body: replace(bad) })),
  ]);
}

const isMutation = (route: string) => !route.startsWith('GET ');

describe('the error middleware', () => {
  it('answers 400 for any data error the database raises (class 22, 54000), never 500', async () => {
    const refusals = await Promise.all(
      [
        "select convert_from('\\x00'::bytea, 'UTF8')", // 22021 invalid byte sequence (a NUL)
        "create temp table if not exists too_long (x varchar(3)); insert into too_long values ('demasiado')", // 22001
        'select 2147483648::int', // 22003 out of range
        "select 'no es fecha'::date", // 22007
        'select array_fill(1, array[300000000])', // 54000 program limit exceeded
      ].map((sql) => db().raw(sql).then(() => undefined, (error: unknown) => error)),
    );
    expect(refusals.map((error) => (error as { code?: string })?.code)).toEqual(['22021', '22001', '22003', '22007', '54000']);
    for (const error of refusals) expect(toAppError(error)).toMatchObject({ status: 400, code: 'invalid_data' });
  });
});

describe('the input cases', () => {
  it('cover every mutating route', () => {
    const covered = new Set(cases.map((inputCase) => inputCase.route));
    expect(declaredRoutes.filter((route) => isMutation(route) && !covered.has(route)), 'routes without a case in tests/api/inputs/*.cases.ts').toEqual([]);
  });

  it('name only declared routes, with a request or a reason', () => {
    const declared = new Set(declaredRoutes);
    expect(cases.filter((inputCase) => !declared.has(inputCase.route)).map((c) => c.route)).toEqual([]);
    expect(cases.filter((inputCase) => !inputCase.request === !inputCase.noText).map((c) => c.route)).toEqual([]);
  });
});

describe.each(cases.filter((inputCase) => inputCase.request).map((inputCase) => [inputCase.route, inputCase] as const))('%s', (_route, inputCase) => {
  it('refuses every too long text and every NUL with 400 and fields, and the valid request still works', async () => {
    const tenant = await createTenant({ type: 'master' });
    const valid = await inputCase.request!(tenant);
    const [method] = inputCase.route.split(' ');
    const as = inputCase.as ?? 'admin';
    const agent = as === 'anonymous' ? await client() : await signedIn(tenant[as]);
    const send = ({ path, body }: InputRequest) => {
      const request = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
      return body === undefined ? request : request.send(body as object);
    };

    const tried = variants(valid);
    expect(tried.length, 'a case with a request must carry at least one text').toBeGreaterThan(0);
    for (const variant of tried) {
      const response = await send(variant);
      expect(response.status, `${inputCase.route} with ${variant.label}: ${String(response.text).slice(0, 300)}`).toBe(400);
      expect(Object.keys(response.body.fields ?? {}), `${inputCase.route} with ${variant.label} names no field`).not.toHaveLength(0);
    }

    const response = await send(valid);
    const expected = inputCase.expect === undefined ? undefined : [inputCase.expect].flat();
    if (expected) expect(expected, `${inputCase.route}: ${String(response.text).slice(0, 300)}`).toContain(response.status);
    else expect(response.status, `${inputCase.route}: ${String(response.text).slice(0, 300)}`).toBeLessThan(300);
  });
});

/*
 * Dates (issue 26): every route that reads a day or an instant refuses one that is not on the
 * calendar or is outside 1900..2100 with 400 naming the field: never a 500 (a RangeError of
 * shared/time.ts) and never a day read as another (2026-11-31 as December 1).
 */

/** The routes that read a day or an instant: each has a case whose valid request carries one. */
const DATE_ROUTES = [
  'POST /api/amenities/:id/bookings',
  'PATCH /api/bookings/:id',
  'GET /api/amenities/:id/availability',
  'GET /api/bookings',
  'POST /api/visitors',
  'PATCH /api/visitors/:id',
  'GET /api/visitors',
  'GET /api/visitors/export.csv',
  'POST /api/charges',
  'GET /api/charges',
  'GET /api/charges/export',
  'POST /api/payments',
  'POST /api/payments/report',
  'GET /api/payments',
  'GET /api/payments/export',
  'GET /api/units/:id/statement',
  'GET /api/units/:id/statement.pdf',
  'GET /api/units/:id/statement.csv',
  'POST /api/properties/:id/charges/split',
  'PATCH /api/maintenance/:id',
  'POST /api/properties/:propertyId/broadcasts',
  'PATCH /api/broadcasts/:id',
  'GET /api/properties/:id/funds',
  'POST /api/properties/:id/funds',
  'PATCH /api/funds/:id',
  'POST /api/funds/transfers',
  'GET /api/expenses',
  'POST /api/expenses',
  'PATCH /api/expenses/:id',
  'POST /api/expenses/:id/payments',
];

/** Days put in place of the day of a date of the valid request ('YYYY-MM-DD', alone or starting a date-time). */
const BAD_DAYS = { 'not on the calendar': ['2026-11-31', '2027-02-29', '2026-02-30'], 'out of range': ['9999-12-31', '2101-01-01', '1899-12-31'] };
/**
 * The range is the organization's zone: a date-time's day just past an end is still in range at
 * some hours of the day (2101-01-01T03:00Z is 2100-12-31 in Santo Domingo), so a date-time takes a
 * day past the ends in every zone instead.
 */
const BAD_DAY_OF_INSTANT: Record<string, string> = { '2101-01-01': '2101-01-02', '1899-12-31': '1899-12-30' };
const badDayFor = (value: string, bad: string) => (value.length > 10 ? (BAD_DAY_OF_INSTANT[bad] ?? bad) : bad);
const DAY_OF_DATE = /^\d{4}-\d{2}-\d{2}(?=$|T)/;

/** The valid request with one date (a query parameter or a body text) at a time given each bad day. */
function dateVariants({ path, body }: InputRequest): Array<Variant & { field: string }> {
  const url = new URL(path, 'http://vecindad.test');
  const params = [...url.searchParams.entries()].filter(([, value]) => DAY_OF_DATE.test(value));
  const fields = textsOf(body).filter(({ value }) => DAY_OF_DATE.test(value));
  return Object.values(BAD_DAYS)
    .flat()
    .flatMap((bad) => [
      ...params.map(([param, value]) => {
        const changed = new URL(url);
        changed.searchParams.set(param, value.replace(DAY_OF_DATE, badDayFor(value, bad)));
        return { label: `?${param}=${bad}`, field: param, path: `${changed.pathname}${changed.search}`, body };
      }),
      ...fields.map(({ path: field, value, replace }) => ({ label: `${field} ${bad}`, field, path, body: replace(value.replace(DAY_OF_DATE, badDayFor(value, bad))) })),
    ]);
}

describe('the date cases', () => {
  it('name declared routes', () => {
    expect(DATE_ROUTES.filter((route) => !declaredRoutes.includes(route))).toEqual([]);
  });
});

describe.each(DATE_ROUTES)('%s', (route) => {
  it('refuses a day not on the calendar or outside 1900..2100 with 400 naming the field, and the valid request still works', async () => {
    let tried = 0;
    for (const inputCase of cases.filter((c) => c.route === route && c.request)) {
      const tenant = await createTenant({ type: 'master' });
      const valid = await inputCase.request!(tenant);
      const [method] = route.split(' ');
      const as = inputCase.as ?? 'admin';
      const agent = as === 'anonymous' ? await client() : await signedIn(tenant[as]);
      const send = ({ path, body }: InputRequest) => {
        const request = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
        return body === undefined ? request : request.send(body as object);
      };
      for (const variant of dateVariants(valid)) {
        tried += 1;
        const response = await send(variant);
        expect(response.status, `${route} with ${variant.label}: ${String(response.text).slice(0, 300)}`).toBe(400);
        expect(Object.keys(response.body.fields ?? {}), `${route} with ${variant.label}`).toContain(variant.field);
      }
      const response = await send(valid);
      expect(response.status, `${route}: ${String(response.text).slice(0, 300)}`).toBeLessThan(300);
    }
    expect(tried, `${route} needs a case in tests/api/inputs/*.cases.ts whose valid request carries a date`).toBeGreaterThan(0);
  });
});
