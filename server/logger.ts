import { pino } from 'pino';
import { config } from './config';

/** Structured JSON logs (pretty in development when pino-pretty is installed). */
export const logger = pino({
  level: config.env === 'test' ? (process.env.LOG_LEVEL ?? 'silent') : config.logLevel,
  redact: { paths: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password'], remove: true },
  ...(config.env === 'development' && process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
    : {}),
});
