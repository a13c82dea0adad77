import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, config } from '../server/config';
import { COMPILED_DIR } from '../server/paths';

function newestChange(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Whether `marker` (a file the build writes last) is missing or older than any of `sources`. */
function isStale(marker: string, sources: string[]): boolean {
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return sources.some((source) => newestChange(path.join(ROOT_DIR, source)) > built);
}

/** The build's manifest (its presence marks a complete build). */
export const clientManifest = (clientDir = config.clientDir) => path.join(clientDir, '.vite', 'manifest.json');

/** Whether the build in `clientDir` is missing or older than any source (client/, shared/). */
export const clientBuildIsStale = (clientDir = config.clientDir) => isStale(clientManifest(clientDir), ['client', 'shared']);

/**
 * Builds the client with Vite into `clientDir` when its build is missing or stale. Runs Vite
 * as its own process: test runners set NODE_ENV=test, which must not reach the build.
 */
export function buildClientIfStale(clientDir = config.clientDir, log: (line: string) => void = console.log) {
  if (!clientBuildIsStale(clientDir)) return false;
  log('Compilando el cliente (vite build)...');
  execFileSync(
    process.execPath,
    [path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'client/vite.config.ts', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return true;
}

const APP_SOURCES = ['server', 'worker', 'shared', 'migrations', 'scripts', 'knexfile.ts', 'package-lock.json'];
const appStamp = () => path.join(COMPILED_DIR, '.built');

/** Compiles server, worker, scripts and migrations into dist/app when missing or stale. */
export async function buildAppIfStale(log: (line: string) => void = console.log) {
  if (!isStale(appStamp(), APP_SOURCES)) return false;
  log('Compilando el servidor y el worker (esbuild)...');
  await buildApp();
  return true;
}

/**
 * The production JavaScript of every process (server, worker, the embedded PostgreSQL's
 * process, the scripts Docker runs) and the migrations, bundled by esbuild with the npm
 * packages left as imports. Shared code is split into chunks, not copied into each entry.
 * Answers esbuild's metafile (what each output imports).
 */
export async function buildApp() {
  const { build } = await import('esbuild');
  const migrations = fs.readdirSync(path.join(ROOT_DIR, 'migrations')).filter((file) => file.endsWith('.ts'));
  fs.rmSync(COMPILED_DIR, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: ROOT_DIR,
    entryPoints: [
      'server/index.ts',
      'worker/index.ts',
      'server/db/embedded-process.ts',
      'scripts/migrate.ts',
      'scripts/seed.ts',
      'scripts/setup.ts',
      'scripts/user-create.ts',
      ...migrations.map((file) => `migrations/${file}`),
    ],
    outdir: COMPILED_DIR,
    outbase: '.',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(appStamp(), new Date().toISOString());
  return metafile;
}
