import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { logger } from '../logger';

declare module 'koa' {
  interface BaseContext {
    log: Logger;
    requestId: string;
  }
}

const httpLogger = pinoHttp({
  logger,
  genReqId: (req, res) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    return id;
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
  serializers: {
    req: (req) => ({ id: req.id, method: req.method, url: req.url }),
    res: (res) => ({ statusCode: res.statusCode }),
  },
});

/** Request id (X-Request-Id, given or generated) and a child logger on ctx.log. */
export async function requestContext(ctx: Context, next: Next) {
  httpLogger(ctx.req, ctx.res);
  ctx.log = ctx.req.log;
  ctx.requestId = String(ctx.req.id);
  await next();
}
