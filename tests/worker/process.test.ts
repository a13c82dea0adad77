import { fork } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import { createOrganization, createUser } from '../support/factories';
import { clearPrefix, livePrefix, sessionCookie, startLiveServer, waitFor, type LiveServer } from '../support/live';

/**
 * The worker process as `npm start` runs it (worker/index.ts with DATABASE_URL and REDIS_URL),
 * its heartbeat in the server's health check, and the operators' queue view.
 */
let prefix: string;
let server: LiveServer;

beforeAll(async () => {
  prefix = livePrefix();
  server = await startLiveServer({ prefix, relay: false });
});
afterAll(async () => {
  await server?.close();
  await clearPrefix(prefix);
});

const health = async () => (await fetch(`${server.url}/api/health`)).json();

describe('worker/index.ts', () => {
  it('beats a heartbeat the health check reports, and exits 0 on SIGTERM', async () => {
    const before = await waitFor(async () => ((await health()).redis === 'up' ? health() : undefined), 5000, 'Redis');
    expect(before.worker).toEqual({ status: 'missing', heartbeatAgeSeconds: null });
    const child = fork(path.join(ROOT_DIR, 'worker/index.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, REDIS_PREFIX: prefix, REDIS_URL: inject('redisUrl') },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // Ready when it says so (tsx's loader sends messages of its own on the same channel).
    await new Promise<void>((resolve, reject) => {
      child.on('message', (message: { type?: string }) => message.type === 'ready' && resolve());
      void exited.then((exit) => reject(new Error(`worker exited (${JSON.stringify(exit)}): ${stderr}`)));
    });

    const beating = await waitFor(async () => {
      const body = await health();
      return body.worker.status === 'up' ? body.worker : undefined;
    }, 5000, 'el latido del worker');
    expect(beating.heartbeatAgeSeconds).toBeLessThan(15);

    child.kill('SIGTERM');
    expect({ ...(await exited), stderr }).toEqual({ code: 0, signal: null, stderr: '' });
  });
});

describe('/admin/queues', () => {
  it('sends a signed-out browser to sign in, and answers 401 to other clients', async () => {
    const page = await fetch(`${server.url}/admin/queues`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/auth');
    const api = await fetch(`${server.url}/admin/queues/api/queues`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(401);
  });

  // What a browser asks for when it opens a page.
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('is refused to non-administrators: their browser goes to the dashboard, which says why', async () => {
    for (const role of ['Residente', 'Propietario', 'Suplidor'] as const) {
      const cookie = await sessionCookie(server.url, await createUser({ role }));
      const response = await fetch(`${server.url}/admin/queues/api/queues`, { headers: { cookie } });
      expect(response.status, role).toBe(403);
      const page = await fetch(`${server.url}/admin/queues`, { headers: { cookie, accept: BROWSER_ACCEPT }, redirect: 'manual' });
      expect(page.status, role).toBe(302);
      expect(page.headers.get('location'), role).toBe('/?notice=forbidden');
    }
  });

  it('is refused to administrators of a client organization (the queues serve every organization)', async () => {
    const cookie = await sessionCookie(server.url, await createUser({ role: 'Administrador' }));
    const response = await fetch(`${server.url}/admin/queues/api/queues`, { headers: { cookie } });
    expect(response.status).toBe(403);
    const page = await fetch(`${server.url}/admin/queues/`, { headers: { cookie, accept: BROWSER_ACCEPT }, redirect: 'manual' });
    expect(page.headers.get('location')).toBe('/?notice=forbidden');
  });

  it('shows operators (master organization administrators) the queues with their counts, delayed and failed jobs', async () => {
    const master = await createOrganization({ type: 'master' });
    const cookie = await sessionCookie(server.url, await createUser({ role: 'Administrador', organizationId: master.id }));
    const page = await fetch(`${server.url}/admin/queues`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<base href="/admin/queues/"');
    const asset = await fetch(`${server.url}/admin/queues/static/favicon-32x32.png`, { headers: { cookie } });
    expect(asset.status).toBeLessThan(500);

    const response = await fetch(`${server.url}/admin/queues/api/queues?activeQueue=broadcasts&status=delayed`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const { queues } = await response.json();
    const broadcasts = queues.find((queue: { name: string }) => queue.name === 'broadcasts');
    expect(broadcasts.counts).toEqual(expect.objectContaining({ delayed: expect.any(Number), failed: expect.any(Number) }));
  });
});
