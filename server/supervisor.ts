import { fork, type ChildProcess } from 'node:child_process';

export type Supervised = {
  /** The current child process. */
  readonly child: ChildProcess;
  /** Stops the child (SIGTERM, then SIGKILL after 10 s) and restarts it no more. */
  stop: () => Promise<void>;
};

/**
 * Runs a process entry (server/paths.ts `appEntry`) as a child process in its own process group (a Ctrl+C in the terminal
 * reaches only the parent, which stops its children in order). With `restart`, a child that dies
 * is started again after a pause that doubles with every quick death (up to `maxDelayMs`) and
 * starts over once a child has lived a minute: a crashing worker never takes the app down.
 * Without it, `onExit` hears of the death.
 */
export function supervise(
  entry: { file: string; execArgv: string[] },
  options: {
    /** How the log names it ("el worker"). */
    name?: string;
    env?: NodeJS.ProcessEnv;
    restart?: boolean;
    log?: (line: string) => void;
    onExit?: (code: number | null) => void;
    baseDelayMs?: number;
    maxDelayMs?: number;
  } = {},
): Supervised {
  const { baseDelayMs = 1000, maxDelayMs = 30_000, log = () => {} } = options;
  let stopping = false;
  let quickDeaths = 0;
  let child: ChildProcess;
  let timer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    child = fork(entry.file, { env: options.env, execArgv: entry.execArgv, stdio: 'inherit', detached: true });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (!options.restart) return options.onExit?.(code);
      quickDeaths = Date.now() - startedAt > 60_000 ? 1 : quickDeaths + 1;
      const delay = Math.min(baseDelayMs * 2 ** (quickDeaths - 1), maxDelayMs);
      log(`${options.name ?? entry.file} terminó (${signal ?? `código ${code}`}); se reinicia en ${Math.round(delay / 100) / 10} s.`);
      timer = setTimeout(start, delay);
    });
  };
  start();

  return {
    get child() {
      return child;
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    },
  };
}
