import { apiRouters } from '../../../server/routes';

/**
 * 'METHOD /api/path/:param' of every route the app serves (HEAD comes with GET): the route
 * inventory the isolation, input and method suites walk.
 */
export const declaredRoutes = [
  ...new Set(
    apiRouters.flatMap((router) =>
      router.stack
        .filter((layer) => layer.methods.length > 0)
        .flatMap((layer) =>
          layer.methods.filter((method) => method !== 'HEAD' || layer.methods.length === 1).map((method) => `${method} ${String(layer.path)}`),
        ),
    ),
  ),
];
