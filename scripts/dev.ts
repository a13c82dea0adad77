import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR, config, sessionSecret } from '../server/config';
import { closeDatabase, connectDatabase } from '../server/db';
import { startInfrastructure } from '../server/infrastructure';
import { prepareDatabase } from '../server/seed/first-start';

/**
 * `npm run dev`: the database and Redis as for `npm start`, then the server and the worker
 * restarted on change (tsx watch) and Vite with hot reload on http://localhost:5173,
 * proxying /api and /socket.io to the server.
 */
const infrastructure = await startInfrastructure(config, console.log, { redis: true });
await prepareDatabase(connectDatabase(infrastructure.databaseUrl, 2), config, console.log);
await closeDatabase();

const env = { ...process.env, DATABASE_URL: infrastructure.databaseUrl, REDIS_URL: infrastructure.redisUrl, SESSION_SECRET: sessionSecret() };
const run = (command: string, args: string[]) =>
  spawn(path.join(ROOT_DIR, 'node_modules', '.bin', command), args, { stdio: 'inherit', cwd: ROOT_DIR, env, detached: true });

const children: ChildProcess[] = [
  run('tsx', ['watch', '--clear-screen=false', 'server/index.ts']),
  run('tsx', ['watch', '--clear-screen=false', 'worker/index.ts']),
  run('vite', ['--config', 'client/vite.config.ts']),
];
const stop = async () => {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await infrastructure.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
