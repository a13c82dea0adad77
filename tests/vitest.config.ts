import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongShardsFirst } from './support/sequencer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const alias = { '@shared': path.join(root, 'shared'), '@client': path.join(root, 'client/src') };

// API and worker tests run in parallel (a database per worker, cloned from one migrated
// template); browser tests run afterwards, two files at a time, against the built client.
export default defineConfig({
  root,
  resolve: { alias },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/env.ts', 'tests/support/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: LongShardsFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'tests/api/**/*.test.ts',
            'tests/worker/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            // A deliberately failing test, run only by tests/unit/embedded-postgres.test.ts.
            ...(process.env.VECINDAD_TEST_FIXTURES ? ['tests/fixtures/*.fixture.ts'] : []),
          ],
          // Three files at a time (vitest's default on 2 cores is one): an API test mostly waits
          // on PostgreSQL, and each file has a database of its own.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          env: { TEST_DATABASE_GROUP: 'e2e' },
          // Builds the client first when it is missing or older than client/ or shared/.
          globalSetup: ['tests/support/global-setup.ts', 'tests/e2e/support/build-client.ts'],
          testTimeout: 60_000,
          // Three files at a time: a browser test mostly waits (debounces, transitions, live
          // pushes; a run of them keeps 2 cores about a third busy).
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
