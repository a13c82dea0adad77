import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { targetsTable, type BenchSuite } from '../lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOTAL_TARGET_S = 10 * 60;
const API_TARGET_S = 3 * 60;
/** Files at a time in each project (tests/vitest.config.ts). */
const FILES_AT_ONCE = 3;

type FileResult = { name: string; endTime: number; assertionResults: Array<{ status: string; duration?: number | null }> };

/**
 * The test loop as a developer runs it: `npm test` (vitest, both projects: API and worker
 * files first, then the browser files) on this machine, timed from the command to its end, with
 * the moment the API project's last file ended. Baseline of the same run: the tests' own time
 * (every test's duration as vitest reports it) shared by the files run at once: what the suite
 * would take with nothing around the tests (importing the server, a database per file, starting
 * browsers, waiting for a free slot). The database is TEST_DATABASE_URL's server, else
 * DATABASE_URL's (the bench's), else the embedded one, as `npm test` chooses.
 */
const suite: BenchSuite = {
  name: 'test-loop',
  description: '`npm test` completo (API y navegador) en esta máquina: tiempo total, el del proyecto API y el de las pruebas mismas',
  async run() {
    const output = path.join(os.tmpdir(), `vecindad-test-loop-${process.pid}.json`);
    const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL };
    if (!env.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
    const startedAt = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts', '--reporter=json', `--outputFile=${output}`], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('exit', resolve);
    });
    const totalMs = Date.now() - startedAt;
    const report: { numTotalTests: number; numFailedTests: number; testResults: FileResult[] } = JSON.parse(fs.readFileSync(output, 'utf8'));
    fs.rmSync(output, { force: true });

    const isBrowser = (file: FileResult) => file.name.includes('/tests/e2e/');
    const project = (browser: boolean) => {
      const files = report.testResults.filter((file) => isBrowser(file) === browser);
      const testsMs = files.reduce((sum, file) => sum + file.assertionResults.reduce((own, test) => own + (test.duration ?? 0), 0), 0);
      const endedMs = files.length ? Math.max(...files.map((file) => file.endTime)) - startedAt : 0;
      return { files: files.length, tests: files.reduce((sum, file) => sum + file.assertionResults.length, 0), testsMs, endedMs };
    };
    const api = project(false);
    const browser = project(true);
    const s = (ms: number) => Math.round(ms / 100) / 10;
    const passed = code === 0 && report.numFailedTests === 0;
    const ownMs = (api.testsMs + browser.testsMs) / FILES_AT_ONCE;
    return [
      targetsTable([
        {
          objetivo: `npm test completo < ${TOTAL_TARGET_S / 60} min, todas las pruebas pasan`,
          valor: `${s(totalMs)} s; ${report.numTotalTests} pruebas, ${report.numFailedTests} fallidas`,
          referencia: `las pruebas mismas, ${FILES_AT_ONCE} archivos a la vez: ${s(ownMs)} s`,
          proporción: Math.round((totalMs / ownMs) * 100) / 100,
          cumple: passed && totalMs < TOTAL_TARGET_S * 1000,
        },
        {
          objetivo: `Proyecto API < ${API_TARGET_S / 60} min`,
          valor: `${s(api.endedMs)} s (${api.files} archivos)`,
          referencia: `sus pruebas mismas, ${FILES_AT_ONCE} a la vez: ${s(api.testsMs / FILES_AT_ONCE)} s`,
          proporción: Math.round((api.endedMs / (api.testsMs / FILES_AT_ONCE)) * 100) / 100,
          cumple: passed && api.endedMs < API_TARGET_S * 1000,
        },
      ]),
      {
        title: 'Dónde va el tiempo (s)',
        rows: [
          { proyecto: 'api', archivos: api.files, pruebas: api.tests, 'termina a los': s(api.endedMs), 'pruebas (suma)': s(api.testsMs) },
          { proyecto: 'navegador', archivos: browser.files, pruebas: browser.tests, 'termina a los': s(totalMs), 'pruebas (suma)': s(browser.testsMs) },
        ],
      },
    ];
  },
};
export default suite;
