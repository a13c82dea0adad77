import { fork } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { COMPILED_DIR } from '../../server/paths';
import { buildApp } from '../../scripts/build';
import { waitFor } from '../support/live';
import { freePort } from '../support/ports';

/**
 * `npm run build` compiles the server and the worker; production runs that JavaScript with
 * plain Node (no tsx), against this test worker's database and Redis.
 */
it('the compiled server answers its health check and the compiled worker starts', async () => {
  await buildApp();
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    COOKIE_SECURE: 'false',
    SESSION_SECRET: 'Zt3kq9W1xv0r8NpL5hYc2mB7dQ4sF6gJ-compilado',
    LOG_LEVEL: 'warn',
  };
  const server = fork(path.join(COMPILED_DIR, 'server/index.js'), { env, execArgv: [], stdio: 'ignore' });
  const worker = fork(path.join(COMPILED_DIR, 'worker/index.js'), { env, execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  try {
    const workerReady = new Promise((resolve) => worker.once('message', resolve));
    // Until both answer: a health check made while the machine is busy may find the server up
    // before its first Redis ping returns (it then answers 200 `degraded`, redis down).
    const health = await waitFor(async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      const report = response?.ok ? ((await response.json()) as { database: string; redis: string }) : undefined;
      return report?.database === 'up' && report.redis === 'up' ? report : undefined;
    }, 20_000, 'el servidor compilado');
    expect(health).toMatchObject({ database: 'up', redis: 'up' });
    expect(await workerReady).toEqual({ type: 'ready' });
  } finally {
    server.kill('SIGTERM');
    worker.kill('SIGTERM');
  }
}, 60_000);
