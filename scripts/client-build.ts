import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../server/config';

const CLIENT_INDEX = path.join(ROOT_DIR, 'dist', 'client', 'index.html');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether dist/client is missing or older than any source of the client (client/, shared/). */
export function clientBuildIsStale(): boolean {
  if (!fs.existsSync(CLIENT_INDEX)) return true;
  const built = fs.statSync(CLIENT_INDEX).mtimeMs;
  return ['client', 'shared'].some((dir) => newestChange(path.join(ROOT_DIR, dir)) > built);
}

/** Builds the client with Vite when its build is missing or stale. */
export async function buildClientIfStale(log: (line: string) => void = console.log) {
  if (!clientBuildIsStale()) return false;
  log('Compilando el cliente (vite build)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT_DIR, 'client', 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
