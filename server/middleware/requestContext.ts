import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { logger } from '../logger';

declare module 'koa' {
  interface BaseContext {
    /** This request's logger (a pino child carrying the request id), made on first use. */
    log: Logger;
    requestId: string;
  }
}

const GIVEN_ID = /^[\w-]{1,100}$/;

/** Adds `ctx.log` to a Koa app's context: created only when a request actually logs. */
export function defineRequestLogger(context: object) {
  Object.defineProperty(context, 'log', {
    get(this: Context & { _log?: Logger }) {
      return (this._log ??= logger.child({ reqId: this.requestId }));
    },
  });
}

/**
 * The request id (X-Request-Id, given or generated, echoed back) and one log line per request:
 * debug for successes, info for client errors, error for server errors. Kept this small
 * because it runs on every request (the benchmark's middleware budget).
 */
export async function requestContext(ctx: Context, next: Next) {
  const given = ctx.get('X-Request-Id');
  ctx.requestId = GIVEN_ID.test(given) ? given : randomUUID();
  ctx.set('X-Request-Id', ctx.requestId);
  const started = performance.now();
  try {
    await next();
  } finally {
    const level = ctx.status >= 500 ? 'error' : ctx.status >= 400 ? 'info' : 'debug';
    if (logger.isLevelEnabled(level)) {
      ctx.log[level](
        { req: { method: ctx.method, url: ctx.url }, res: { statusCode: ctx.status }, responseTime: Math.round(performance.now() - started) },
        'request completed',
      );
    }
  }
}
