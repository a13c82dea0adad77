import { inject } from 'vitest';

// The first setup file of every test worker, with no import of the app: the environment the
// server modules read when they are first imported (server/config.ts, the logger).
const template = inject('templateDatabase');
// A database of its own for each test file (a cheap clone of the migrated template): what one
// file leaves behind (rows, events a worker's sweep would pick up) never reaches another.
const group = process.env.TEST_DATABASE_GROUP ?? 'w';
const database = `${template}_${group}${process.env.VITEST_POOL_ID ?? '0'}_${Math.random().toString(36).slice(2, 8)}`;

process.env.NODE_ENV = 'test';
process.env.TEST_DATABASE_NAME = database;
process.env.DATABASE_URL = `${inject('serverUrl')}/${database}`;
// Through a pooler (TEST_DATABASE_DIRECT_URL): PostgreSQL itself, as a deployment behind
// PgBouncer sets it (server/config.ts).
if (inject('directServerUrl') !== inject('serverUrl')) process.env.DATABASE_DIRECT_URL = `${inject('directServerUrl')}/${database}`;
process.env.REDIS_URL = inject('redisUrl');
// A Redis prefix per test file: sign-in limits and queues never leak between files.
process.env.REDIS_PREFIX = `${inject('redisPrefix')}-${Math.random().toString(36).slice(2, 8)}`;
process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-the-config-check';
