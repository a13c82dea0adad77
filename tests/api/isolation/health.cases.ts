import type { IsolationCase } from './types';

export const cases: IsolationCase[] = [
  {
    route: 'GET /api/health',
    notApplicable: 'Public health check: the state of the database and Redis, no organization data.',
    request: () => ({ path: '/api/health' }),
    expect: 200,
  },
];
