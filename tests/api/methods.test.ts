import { describe, expect, it } from 'vitest';
import { apiRouters } from '../../server/routes';
import { client } from '../support/services';

/**
 * A wrong method on a known path answers 405 `method_not_allowed` with `Allow` (the methods
 * its routes take, whichever router declares them), for every path of every router; an
 * unknown path stays 404. Both in the error shape.
 */

const layers = apiRouters.flatMap((router) => router.stack.filter((layer) => layer.methods.length > 0));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Each declared path with its parameters filled, and the methods of every route matching it. */
const paths = [...new Set(layers.map((layer) => String(layer.path).replace(/:[a-zA-Z]+/g, '1')))].map((path) => ({
  path,
  allowed: new Set(layers.filter((layer) => layer.match(path)).flatMap((layer) => layer.methods)),
}));

describe('a wrong method on a known path', () => {
  it.each(paths.map(({ path, allowed }) => [path, allowed] as const))('%s answers 405 with Allow', async (path, allowed) => {
    const agent = await client();
    const wrong = METHODS.filter((method) => !allowed.has(method));
    for (const method of wrong) {
      const response = await agent[method.toLowerCase() as Lowercase<(typeof METHODS)[number]>](path);
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(405);
      expect(response.body).toEqual({ error: 'method_not_allowed', message: expect.stringContaining('método') });
      expect(new Set(response.headers.allow.split(', '))).toEqual(allowed);
    }
  });

  it('OPTIONS lists the methods of a path', async () => {
    const response = await (await client()).options('/api/properties/1');
    expect(response.status).toBe(204);
    expect(response.headers.allow.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
  });

  it('an unknown path is still 404, whatever the method', async () => {
    const agent = await client();
    for (const response of [await agent.get('/api/no-existe'), await agent.delete('/api/properties/1/no-existe')]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Ruta de API desconocida' });
      expect(response.headers.allow).toBeUndefined();
    }
  });
});
