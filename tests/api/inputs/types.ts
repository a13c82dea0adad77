import type { Tenant } from '../isolation/types';

export type InputRequest = { path: string; body?: unknown };

/**
 * One route of the input suite (tests/api/input-limits.test.ts): a valid request of a user of
 * `tenant` on the tenant's own data. The suite replaces each text of it (each query parameter,
 * each string of the body) by one too long and one with a NUL and expects 400 with `fields`;
 * then the valid request itself must answer `expect` (default any 2xx).
 */
export type InputCase = {
  /** 'METHOD /api/path/:param' exactly as declared. */
  route: string;
  /** Who calls (default 'admin', of a master organization: every power); 'anonymous' is signed out. */
  as?: 'admin' | 'owner' | 'resident' | 'supplier' | 'anonymous';
  /** Required unless `noText`. */
  request?: (tenant: Tenant) => Promise<InputRequest> | InputRequest;
  /** Status(es) of the valid request (default 2xx), e.g. 410 for a link's made-up token. */
  expect?: number | number[];
  /** For a route that reads no text at all (no body, no query): why (no request is made). */
  noText?: string;
};
