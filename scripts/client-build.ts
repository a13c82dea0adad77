import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, config } from '../server/config';

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** The build's manifest (its presence marks a complete build). */
export const clientManifest = (clientDir = config.clientDir) => path.join(clientDir, '.vite', 'manifest.json');

/** Whether the build in `clientDir` is missing or older than any source (client/, shared/). */
export function clientBuildIsStale(clientDir = config.clientDir): boolean {
  const manifest = clientManifest(clientDir);
  if (!fs.existsSync(manifest)) return true;
  const built = fs.statSync(manifest).mtimeMs;
  return ['client', 'shared'].some((dir) => newestChange(path.join(ROOT_DIR, dir)) > built);
}

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
