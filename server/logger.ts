import { createRequire } from 'node:module';
import { pino } from 'pino';
import { config } from './config';

const prettyInstalled = () => {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
};

/**
 * One log format per environment for every process (npm start, server, worker): pretty lines
 * in development (pino-pretty, a development dependency), JSON lines in production.
 */
export const logger = pino({
  level: config.env === 'test' ? (process.env.LOG_LEVEL ?? 'silent') : config.logLevel,
  redact: { paths: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password'], remove: true },
  ...(config.env === 'development' && prettyInstalled()
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', colorize: process.stdout.isTTY } } }
    : {}),
});
