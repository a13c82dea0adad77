import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR, loadConfig } from '../../server/config';
import { appEntry } from '../../server/paths';
import { supervise } from '../../server/supervisor';
import { waitFor } from '../support/live';

describe('production configuration', () => {
  it('refuses to start with the example session secret', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/vecindad' } as const;
    expect(() => loadConfig({ ...env, SESSION_SECRET: 'cambie-este-secreto-por-uno-largo-y-aleatorio-0001' })).toThrow(
      /SESSION_SECRET: es el valor de ejemplo/,
    );
    expect(() => loadConfig({ ...env })).toThrow(/SESSION_SECRET: requerido/);
    expect(loadConfig({ ...env, SESSION_SECRET: 'Zt3kq9W1xv0r8NpL5hYc2mB7dQ4sF6gJ' }).isProduction).toBe(true);
  });

  it('behind a transaction pooler: DATABASE_DIRECT_URL is PostgreSQL itself, only beside DATABASE_URL (empty is unset)', () => {
    const pooler = 'postgres://vecindad@pgbouncer:6432/vecindad';
    const direct = 'postgres://vecindad@postgres:5432/vecindad';
    expect(loadConfig({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: direct })).toMatchObject({ databaseUrl: pooler, databaseDirectUrl: direct });
    expect(loadConfig({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: '' }).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(/DATABASE_DIRECT_URL: requiere DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: 'http://postgres/vecindad' })).toThrow(/DATABASE_DIRECT_URL/);
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('docker-compose restarts every service that stops, and requires SESSION_SECRET', () => {
    const compose = fs.readFileSync(path.join(ROOT_DIR, 'docker-compose.yml'), 'utf8');
    const services = compose.split(/^services:\n/m)[1].split(/^\S/m)[0].split(/^ {2}(?=\w)/m).filter((block) => block.trim());
    expect(services.map((block) => block.split(':')[0])).toEqual(['postgres', 'redis', 'server', 'worker']);
    for (const block of services) expect(block).toMatch(/^ {4}restart: unless-stopped$/m);
    expect(compose).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?/);
  });

  it('docker-compose runs in production without the demo unless SEED_DEMO=true, the worker after a healthy server', () => {
    const compose = fs.readFileSync(path.join(ROOT_DIR, 'docker-compose.yml'), 'utf8');
    expect(compose).toMatch(/^ {6}NODE_ENV: production$/m);
    // The seed step before the server decides as every start does (tests/unit/first-start.test.ts).
    expect(compose).toContain('node dist/app/scripts/seed.js --if-empty');
    expect(compose).toMatch(/^ {6}SEED_DEMO: \$\{SEED_DEMO:-false\}$/m);
    expect(compose).toMatch(/^ {6}server: \{ condition: service_healthy \}$/m);
  });
});

describe('supervise (npm start)', () => {
  it('restarts a crashing child with growing pauses until it stays up, and stops it', async () => {
    const startsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-supervise-')), 'starts');
    const lines: Array<{ line: string; at: number }> = [];
    const supervised = supervise(appEntry('tests/fixtures/crashing-child', false), {
      env: { ...process.env, STARTS_FILE: startsFile },
      restart: true,
      baseDelayMs: 200,
      log: (line) => lines.push({ line, at: Date.now() }),
    });
    try {
      await waitFor(() => fs.existsSync(startsFile) && fs.readFileSync(startsFile, 'utf8') === '3', 20_000, 'el tercer inicio');
      expect(lines.map(({ line }) => line.replace(/^.*\(/, '('))).toEqual(['(código 1); se reinicia en 0.2 s.', '(código 1); se reinicia en 0.4 s.']);
      expect(lines[1].at - lines[0].at).toBeGreaterThanOrEqual(200);
      const { child } = supervised;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(child.exitCode).toBeNull();
    } finally {
      await supervised.stop();
    }
    expect(supervised.child.exitCode !== null || supervised.child.signalCode !== null).toBe(true);
  }, 30_000);
});
