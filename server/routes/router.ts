import Router from '@koa/router';

/**
 * A domain's router under /api. Each is mounted on the app by itself (not nested), so the
 * guards it `use`s apply to its own routes only.
 */
export const apiRouter = () => new Router({ prefix: '/api' });
