import { execFile, fork } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Metafile } from 'esbuild';
import { beforeAll, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import { COMPILED_DIR } from '../../server/paths';
import { buildApp } from '../../scripts/build';
import { waitFor } from '../support/live';
import { freePort } from '../support/ports';

const run = promisify(execFile);
let metafile: Metafile;
beforeAll(async () => {
  metafile = await buildApp();
}, 60_000);

/**
 * The production environment of a compiled server or worker, against this test worker's
 * database and Redis.
 */
const productionEnv = (port: number) => ({
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  COOKIE_SECURE: 'false',
  SESSION_SECRET: 'Zt3kq9W1xv0r8NpL5hYc2mB7dQ4sF6gJ-compilado',
  LOG_LEVEL: 'warn',
});

/** Until the server answers its health check with the database and Redis up. */
const healthy = (port: number) =>
  // Until both answer: a health check made while the machine is busy may find the server up
  // before its first Redis ping returns (it then answers 200 `degraded`, redis down).
  waitFor(async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    const report = response?.ok ? ((await response.json()) as { database: string; redis: string }) : undefined;
    return report?.database === 'up' && report.redis === 'up' ? report : undefined;
  }, 20_000, 'el servidor compilado');

/**
 * `npm run build` compiles the server and the worker; production runs that JavaScript with
 * plain Node (no tsx).
 */
it('the compiled server answers its health check and the compiled worker starts', async () => {
  const port = await freePort();
  const env = productionEnv(port);
  const server = fork(path.join(COMPILED_DIR, 'server/index.js'), { env, execArgv: [], stdio: 'ignore' });
  const worker = fork(path.join(COMPILED_DIR, 'worker/index.js'), { env, execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  try {
    const workerReady = new Promise((resolve) => worker.once('message', resolve));
    expect(await healthy(port)).toMatchObject({ database: 'up', redis: 'up' });
    expect(await workerReady).toEqual({ type: 'ready' });
  } finally {
    server.kill('SIGTERM');
    worker.kill('SIGTERM');
  }
}, 60_000);

/** The package a bare import names (`@scope/name/sub` -> `@scope/name`). */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

it('the production dependencies are exactly the packages the compiled app imports', () => {
  const imported = new Set(
    Object.values(metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((entry) => entry.external && !entry.path.startsWith('node:') && !builtinModules.includes(entry.path))
      .map((entry) => packageOf(entry.path)),
  );
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  // The client's libraries are built into dist/client: devDependencies, like the build tools.
  expect(Object.keys(dependencies).sort()).toEqual([...imported].sort());
});

/** The Dockerfile's stages, each as its instructions (continued lines joined). */
function dockerStages() {
  const lines = fs.readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, '').split('\n');
  const instructions = lines.filter((line) => line.trim() && !line.startsWith('#'));
  const stages: string[][] = [];
  for (const instruction of instructions) {
    if (instruction.startsWith('FROM ')) stages.push([]);
    stages.at(-1)!.push(instruction);
  }
  return stages;
}

/**
 * What `npm ci --omit=dev --omit=optional` installs: the lockfile's packages marked neither
 * dev nor optional, linked from this checkout's node_modules (the same 334 folders as npm ci
 * installed when this was written, in a second instead of a minute from the registry cache).
 */
function installProductionPackages(target: string) {
  type Entry = { dev?: boolean; optional?: boolean; devOptional?: boolean };
  const { packages } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package-lock.json'), 'utf8')) as { packages: Record<string, Entry> };
  for (const [where, entry] of Object.entries(packages)) {
    if (where && !entry.dev && !entry.optional && !entry.devOptional) linkTree(path.join(ROOT_DIR, where), path.join(target, where));
  }
}

/** Hard links of a package's files (never written to), without its nested node_modules (entries of their own). */
function linkTree(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const [source, copy] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') linkTree(source, copy);
    } else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), copy);
    else fs.linkSync(source, copy);
  }
}

/**
 * The image's runtime stage without Docker (no engine here): its files as the Dockerfile
 * copies them, its production dependencies as it installs them, the compiled scripts
 * docker-compose runs, the server and the worker, and the image's HEALTHCHECK.
 */
it('the Docker image runs from dist and production dependencies alone, as `node`, with a health check', async () => {
  const stages = dockerStages();
  expect(stages.length).toBeGreaterThanOrEqual(2);
  const runtime = stages.at(-1)!;
  // What the runtime stage gets: the package files, and dist from the build stage. No sources.
  expect(runtime.filter((line) => line.startsWith('COPY '))).toEqual([
    'COPY package.json package-lock.json ./',
    'COPY --from=build /app/dist ./dist',
  ]);
  expect(runtime).toContain('RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force');
  expect(runtime).toContain('USER node');
  expect(runtime.at(-1)).toBe('CMD ["node", "dist/app/server/index.js"]');
  const healthcheck = runtime.find((line) => line.startsWith('HEALTHCHECK '));
  const command = JSON.parse(/ CMD (\[.*\])$/.exec(healthcheck ?? '')?.[1] ?? 'null') as string[];
  expect(command.join(' ')).toContain('/api/health');

  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-image-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(ROOT_DIR, file), path.join(app, file));
    fs.cpSync(COMPILED_DIR, path.join(app, 'dist', 'app'), { recursive: true, filter: (source) => !source.endsWith('.map') });
    installProductionPackages(app);
    expect(fs.existsSync(path.join(app, 'node_modules', 'vite'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'react'))).toBe(false);

    const port = await freePort();
    const env = productionEnv(port);
    // docker-compose's steps before the server, then the first account as its comment says.
    await run('node', ['dist/app/scripts/migrate.js'], { cwd: app, env });
    const seed = await run('node', ['dist/app/scripts/seed.js', '--if-empty'], { cwd: app, env });
    expect(seed.stdout).toContain('node dist/app/scripts/setup.js --email');
    const setup = await run('node', ['dist/app/scripts/setup.js', '--email', 'operador@imagen.do', '--org', 'Imagen Vecindad'], { cwd: app, env });
    expect(setup.stdout).toMatch(/Contraseña[^:]*: \S{20}/);

    const healthcheck = () => run(command[0], command.slice(1), { cwd: app, env }).then(() => 0, (error: { code: number }) => error.code);
    const server = fork('dist/app/server/index.js', { cwd: app, env, execArgv: [], stdio: 'ignore' });
    const worker = fork('dist/app/worker/index.js', { cwd: app, env, execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const serverExit = new Promise((resolve) => server.once('exit', resolve));
    try {
      const workerReady = new Promise((resolve) => worker.once('message', resolve));
      await healthy(port);
      expect(await healthcheck()).toBe(0);
      expect(await workerReady).toEqual({ type: 'ready' });
    } finally {
      server.kill('SIGTERM');
      worker.kill('SIGTERM');
    }
    await serverExit;
    expect(await healthcheck()).toBe(1);
  } finally {
    fs.rmSync(app, { recursive: true, force: true });
  }
}, 90_000);
