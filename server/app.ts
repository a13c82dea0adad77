import fs from 'node:fs';
import path from 'node:path';
import Koa, { type Context, type Next } from 'koa';
import session from 'koa-session';
import serve from 'koa-static';
import type { Redis } from 'ioredis';
import { config, sessionSecret, type Config } from './config';
import { errorHandler } from './middleware/errors';
import { logger } from './logger';
import { defineRequestLogger, requestContext } from './middleware/requestContext';
import { jsonBodiesOnly, sameOriginMutations, securityHeaders } from './middleware/security';
import { apiRouters } from './routes';
import { jsonBody } from './middleware/body';
import { unmatchedApiRequest } from './middleware/unmatched';
import compose from 'koa-compose';
import { createLoginLimiter, type LoginLimiter } from './services/loginLimiter';
import { createResetLimiter, type ResetLimiter } from './services/resetLimiter';
import { createRegistrationLimiter, type RegistrationLimiter } from './services/registrationLimiter';
import { createPassLimiter, type PassLimiter } from './services/passLimiter';
import { createGuessLimiter, type GuessLimiter } from './services/guessLimiter';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionStore } from './session/store';
import { sessionHint } from './session/hint';
import { signedInPages } from './firstLoad';
import { cookieKeys } from './session/keys';
import { configureZod } from '../shared/schemas/common';
import { QUEUE_BOARD_PATH, queueBoard } from './operators/queueBoard';
import { checkHealth } from './operators/health';
import type { HealthReport } from '../shared/health';

export type Services = {
  redis: Redis;
  loginLimiter: LoginLimiter;
  resetLimiter: ResetLimiter;
  registrationLimiter: RegistrationLimiter;
  /** Public visitor pass lookups (`/api/passes/:token`), per IP. */
  passLimiter: PassLimiter;
  /** Wrong guesses of certificate codes, account and unsubscribe links, desk codes. */
  guessLimiter: GuessLimiter;
  /** The state of the database, Redis, the relay and the worker (`GET /api/health`). */
  health: () => Promise<HealthReport>;
  /**
   * Ends a user's live connections on every instance (set when Socket.IO is attached), but
   * those of the session `exceptSession` (a session id) when given.
   */
  disconnectUser: (userId: number, options?: { exceptSession?: string }) => void;
};

declare module 'koa' {
  interface BaseContext {
    services: Services;
  }
}

/** Errors of a client that closed its connection early: not the server's fault, not an error log. */
const CLIENT_GONE = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/** Builds the Koa application without listening (tests use app.callback()). */
export function createApp(options: { redis: Redis; config?: Config }) {
  const cfg = options.config ?? config;
  configureZod('es');

  const app = new Koa({ proxy: cfg.trustProxy });
  app.keys = cookieKeys([sessionSecret(cfg)]);
  // Errors Koa meets after our error middleware (a client gone mid-upload) go to the log.
  app.on('error', (error: Error & { code?: string }) => {
    const clientGone = CLIENT_GONE.has(error.code ?? '') || /aborted|premature close|Parse Error/i.test(error.message);
    logger[clientGone ? 'debug' : 'error']({ err: error }, 'request failed');
  });
  defineRequestLogger(app.context);
  app.context.services = {
    redis: options.redis,
    loginLimiter: createLoginLimiter(options.redis, cfg.redisPrefix),
    resetLimiter: createResetLimiter(options.redis, cfg.redisPrefix),
    registrationLimiter: createRegistrationLimiter(options.redis, cfg.redisPrefix),
    passLimiter: createPassLimiter(options.redis, cfg.redisPrefix),
    guessLimiter: createGuessLimiter(options.redis, cfg.redisPrefix),
    health: () => checkHealth(options.redis, cfg.redisPrefix),
    disconnectUser: () => {},
  };

  const hint = sessionHint(cfg.cookieSecure);
  const sessions = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      renew: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: cfg.cookieSecure,
      store: sessionStore,
      // A sign-in over a session ended a moment ago (store.ts) starts a live one.
      beforeSave: (_ctx, saved) => {
        if (saved.userId) delete saved.ended;
      },
    },
    app,
  );

  app.use(requestContext);
  app.use(errorHandler);
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          // Uploaded PDFs and images are shown inline from blob: URLs.
          // Organization logos may be https URLs.
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'frame-src': ["'self'", 'blob:'],
          'object-src': ["'self'", 'blob:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          // The desk's QR scanner (qr-scanner) decodes in a worker it starts from a blob: URL.
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': cfg.isProduction ? [] : null,
        },
      },
      strictTransportSecurity: cfg.isProduction,
    }),
  );
  app.use(sameOriginMutations(cfg.appOrigin));
  app.use(onlyUnder('/api', compose([hint.follow, sessions, hint.dropStale, jsonBodiesOnly, jsonBody])));
  for (const router of apiRouters) app.use(router.routes());
  // A wrong method on a known path is 405, an unknown path 404: JSON, never the client's HTML.
  app.use(onlyUnder('/api', unmatchedApiRequest));
  // Operators' job queues (bull-board), with the session, before the client's fallback.
  app.use(onlyUnder(QUEUE_BOARD_PATH, compose([sessions, queueBoard(options.redis, cfg.redisPrefix)])));
  app.use(clientFiles(cfg.clientDir, hint.restore));
  return app;
}

function onlyUnder(prefix: string, middleware: (ctx: Context, next: Next) => Promise<unknown>) {
  return (ctx: Context, next: Next) =>
    ctx.path === prefix || ctx.path.startsWith(`${prefix}/`) ? middleware(ctx, next) : next();
}

/**
 * The built client: hashed assets cached for a year, sent brotli- or gzip-compressed when the
 * build made those copies and the browser accepts them; index.html for every other path (with
 * the session hint it may lack, `onPage`), naming a signed-in screen's files and the session's
 * user when the request carries a session cookie (firstLoad.ts).
 */
function clientFiles(clientDir: string, onPage: (ctx: Context) => void) {
  const assets = serve(clientDir, {
    index: false,
    setHeaders: (res, file) => {
      // The service worker: the browser checks it for a new version on every visit.
      if (path.basename(file) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
      if (!file.includes(`${path.sep}assets${path.sep}`)) return;
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const signedInPage = signedInPages(clientDir);
  return async (ctx: Context, next: Next) => {
    await assets(ctx, next);
    if (ctx.body != null || ctx.status !== 404 || !['GET', 'HEAD'].includes(ctx.method)) return;
    const indexFile = path.join(clientDir, 'index.html');
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.body = 'El cliente no está compilado: ejecute `npm run build` (o `npm start`).';
      return;
    }
    onPage(ctx);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Cookie');
    const signedIn = ctx.cookies.get(SESSION_COOKIE, { signed: false }) ? signedInPage(ctx.path) : undefined;
    ctx.body = signedIn ?? fs.createReadStream(indexFile);
  };
}
