import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the code runs from: the TypeScript sources through tsx (development, tests), or the
 * JavaScript that `npm run build` compiles into dist/app (production).
 */
export const COMPILED = import.meta.url.endsWith('.js');

/** The checkout: the nearest folder above this file (source or compiled) with package.json. */
export const ROOT_DIR = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** Where `npm run build` puts the compiled server, worker, scripts and migrations. */
export const COMPILED_DIR = path.join(ROOT_DIR, 'dist', 'app');

/** A process's entry file (`server/index`, `worker/index`...) and how Node must run it. */
export function appEntry(name: string, compiled = COMPILED) {
  return compiled
    ? { file: path.join(COMPILED_DIR, `${name}.js`), execArgv: [] as string[] }
    : { file: path.join(ROOT_DIR, `${name}.ts`), execArgv: ['--import', 'tsx'] };
}
