import { beforeAll } from 'vitest';
import { testApp } from '../support/services';
import { runIsolationCases } from './isolation/run';

// Tenant isolation, shard 1 of 3 of the cases of tests/api/isolation/*.cases.ts (see ./isolation/run.ts).
beforeAll(async () => {
  await testApp();
});

runIsolationCases(0);
