import { fork, type ChildProcess } from 'node:child_process';
import { appEntry } from '../../server/paths';
import { waitFor } from './live';

export type ServerProcess = {
  url: string;
  /**
   * SIGTERM, as a deploy stops it; resolves once it exited with its exit code (0: an orderly
   * stop), or `'killed'` when it had not exited after `timeoutMs` (it is then sent SIGKILL, as
   * an orchestrator does at the end of its stop timeout).
   */
  stop: (timeoutMs?: number) => Promise<number | null | 'killed'>;
  /** What it wrote to stderr. */
  stderr: () => string;
};

/**
 * server/index.ts as production runs it, in a process of its own on `port`: this test file's
 * database (DATABASE_URL), Redis and prefix, session secret and built client. Resolves once it
 * answers HTTP. Started again on the same port after `stop()`, it is a restarted server.
 */
export async function startServerProcess(port: number): Promise<ServerProcess> {
  const entry = appEntry('server/index');
  const child: ChildProcess = fork(entry.file, {
    execArgv: entry.execArgv,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(
    async () => {
      if (gone) throw new Error(`the server process exited: ${stderr}`);
      return fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    60_000,
    'el servidor',
  );
  return {
    url,
    async stop(timeoutMs = 60_000) {
      if (!gone) child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'killed'>((resolve) => (timer = setTimeout(() => resolve('killed'), timeoutMs)));
      const result = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (result === 'killed') {
        child.kill('SIGKILL');
        await exited;
      }
      return result;
    },
    stderr: () => stderr,
  };
}
