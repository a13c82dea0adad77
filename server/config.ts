import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROOT_DIR } from './paths';

export { ROOT_DIR };

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // Set when DATABASE_URL goes through a transaction pooler (PgBouncer, pool_mode = transaction):
  // PostgreSQL itself, for the event relay's LISTEN and for migrations. Its being set is what
  // tells the app it is pooled: statements then run unnamed (docs/operations.md#pgbouncer).
  DATABASE_DIRECT_URL: z.preprocess((value) => value || undefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // Connections a server process's pool opens at most (the worker's: WORKER_CONCURRENCY + 2).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Port of the embedded PostgreSQL started when DATABASE_URL is unset.
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  // Prefix of every Redis key, queue and channel: several deployments may share one Redis.
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/)
    .default('vecindad'),
  SESSION_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(path.join(ROOT_DIR, '.data')),
  // Where the built client is served from (and built to by npm start and the browser tests).
  CLIENT_DIR: z.string().default(path.join(ROOT_DIR, 'dist', 'client')),
  // Public origin (https://app.example.com) when the app runs behind a proxy.
  APP_ORIGIN: z.url().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  // Secure (HTTPS-only) session cookies; on by default in production.
  COOKIE_SECURE: booleanFromEnv.optional(),
  // Outgoing email (smtp://user:pass@host:587 or smtps://...:465). Unset: emails stay in the
  // outbox and operators read them at /admin/mail.
  SMTP_URL: z.preprocess((value) => value || undefined, z.url({ protocol: /^smtps?$/ }).optional()),
  // The sender address; the display name is the organization's company name.
  MAIL_FROM: z.email().default('no-reply@vecindad.local'),
  // Load the demo organization (published passwords) into an empty database at start: by
  // default in development only, never in production unless set to true.
  SEED_DEMO: booleanFromEnv.optional(),
  // Web Push's VAPID keys (base64url, as `npx web-push generate-vapid-keys` prints them). Unset:
  // generated once and kept under the data dir. The subject is a mailto: or https: contact.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/).optional(),
});

/** The placeholder of the documentation and older docker-compose files: never a real secret. */
const EXAMPLE_SECRET = /cambie-este-secreto|change-?this-?secret/i;

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.DATABASE_DIRECT_URL && !values.DATABASE_URL) {
    throw new Error('Configuración inválida:\n  DATABASE_DIRECT_URL: requiere DATABASE_URL (la del pooler por la que pasan las consultas)');
  }
  if (values.NODE_ENV === 'production' && !values.SESSION_SECRET) {
    throw new Error('Configuración inválida:\n  SESSION_SECRET: requerido cuando NODE_ENV=production');
  }
  if (values.NODE_ENV === 'production' && EXAMPLE_SECRET.test(values.SESSION_SECRET!)) {
    throw new Error('Configuración inválida:\n  SESSION_SECRET: es el valor de ejemplo; genere uno propio (openssl rand -base64 48)');
  }
  return {
    env: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databaseDirectUrl: values.DATABASE_DIRECT_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    sessionSecret: values.SESSION_SECRET,
    logLevel: values.LOG_LEVEL,
    dataDir: values.DATA_DIR,
    clientDir: values.CLIENT_DIR,
    appOrigin: values.APP_ORIGIN,
    trustProxy: values.TRUST_PROXY,
    cookieSecure: values.COOKIE_SECURE ?? values.NODE_ENV === 'production',
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    seedDemo: values.SEED_DEMO ?? values.NODE_ENV !== 'production',
    vapid: values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: values.VAPID_SUBJECT,
  };
}

export const config = loadConfig();

/** The session secret: from the environment, or generated once and kept under the data dir. */
export function sessionSecret(cfg: Config = config): string {
  if (cfg.sessionSecret) return cfg.sessionSecret;
  const file = path.join(cfg.dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(cfg.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/**
 * The origin links in emails point to: APP_ORIGIN, else this machine on PORT. Never the
 * request's Host header, which a client chooses (a reset link must not point elsewhere).
 */
export const publicOrigin = (cfg: Config = config) => cfg.appOrigin?.replace(/\/$/, '') ?? `http://localhost:${cfg.port}`;
