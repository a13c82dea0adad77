import type { Organization, Property, Unit, User } from '../../../server/models';

/** One tenant of the isolation world: an organization with a user of each role and a property. */
export type Tenant = {
  organization: Organization;
  admin: User;
  owner: User; // Propietario, owner of `property`
  resident: User; // Residente living in `property`, unit `unit`
  supplier: User; // Suplidor
  property: Property;
  unit: Unit;
};

/** `own` is the caller's organization, `other` an unrelated one (not parent, not child). */
export type World = { own: Tenant; other: Tenant };

export type IsolationRequest = { path: string; body?: unknown };

/**
 * One isolation case: a user of `own` calls `route` aimed at `other`'s data and must get
 * `expect` (default 404) and never `other`'s data. Every route registered in
 * server/routes needs at least one case (tests/api/isolation.test.ts checks it).
 */
export type IsolationCase = {
  /** 'METHOD /api/path/:param' exactly as the route is declared, e.g. 'GET /api/properties/:id'. */
  route: string;
  /** Which user of `own` calls (default 'admin'). */
  as?: 'admin' | 'owner' | 'resident' | 'supplier';
  /** Creates any extra rows it needs (in `world.other`) and returns the request to make. */
  request: (world: World) => Promise<IsolationRequest> | IsolationRequest;
  /** Expected status(es); default 404. List routes answer 200 and use `mustNotContain`. */
  expect?: number | number[];
  /** Texts of `other`'s data that must not appear in the response body. */
  mustNotContain?: (world: World) => string[];
  /** For routes where tenant isolation does not apply (public health check): say why. */
  notApplicable?: string;
};
