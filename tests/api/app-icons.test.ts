import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../server/models';
import { createUser, signedIn } from '../support/factories';
import { client, testApp } from '../support/services';

await testApp();

/**
 * The installable app's icons (docs/modules/push.md): the manifest names PNGs at 192 and 512
 * and a maskable 512, drawn from the organization's logo (here a red square served by a local
 * HTTP server) or Vecindad's own mark; a logo that cannot be read falls back to that mark.
 */
let logoServer: http.Server;
let logoBase: string;
let logoRequests = 0;

beforeAll(async () => {
  const red = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#ff0000' } }).png().toBuffer();
  logoServer = http.createServer((request, response) => {
    logoRequests += 1;
    if (request.url !== '/logo.png') {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('Content-Type', 'image/png');
    response.end(red);
  });
  await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
  logoBase = `http://127.0.0.1:${(logoServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => logoServer.close(resolve)));

type Icon = { src: string; sizes: string; type: string; purpose: string };

/** The manifest's icons, fetched as the phone would, with each PNG's size and two pixels. */
async function icons(agent: Awaited<ReturnType<typeof client>>) {
  const manifest = await agent.get('/api/manifest.webmanifest').expect(200);
  const list = JSON.parse(manifest.text).icons as Icon[];
  const drawn = [];
  for (const icon of list) {
    const response = await agent.get(icon.src).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    const png = response.body as Buffer;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const image = sharp(png);
    const meta = await image.metadata();
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    drawn.push({ ...icon, format: meta.format, width: meta.width, height: meta.height, centre: pixel(info.width >> 1, info.height >> 1), corner: pixel(1, 1), etag: String(response.headers.etag) });
  }
  return drawn;
}

describe('the app icons', () => {
  it('draws the organization’s logo as PNG at 192, 512 and maskable 512 (the logo inside the safe zone, on the background colour)', async () => {
    const organization = await Organization.query().insertAndFetch({ name: 'Torre Roja', logo: `${logoBase}/logo.png` });
    const agent = await signedIn(await createUser({ role: 'Administrador', organizationId: organization.id }));
    const drawn = await icons(agent);
    expect(drawn.map(({ sizes, purpose, type, format, width, height }) => ({ sizes, purpose, type, format, width, height }))).toEqual([
      { sizes: '192x192', purpose: 'any', type: 'image/png', format: 'png', width: 192, height: 192 },
      { sizes: '512x512', purpose: 'any', type: 'image/png', format: 'png', width: 512, height: 512 },
      { sizes: '512x512', purpose: 'maskable', type: 'image/png', format: 'png', width: 512, height: 512 },
    ]);
    // The logo fills the plain icons; the maskable one keeps it in the middle, on the background colour.
    expect(drawn[0].centre).toEqual([255, 0, 0, 255]);
    expect(drawn[0].corner).toEqual([255, 0, 0, 255]);
    expect(drawn[2].centre).toEqual([255, 0, 0, 255]);
    expect(drawn[2].corner[3]).toBe(255);
    expect(drawn[2].corner.slice(0, 3)).not.toEqual([255, 0, 0]);

    // Drawn once: asking again reads the memory, and the browser's copy is still good (304).
    const before = logoRequests;
    const again = await agent.get(drawn[1].src).set('If-None-Match', drawn[1].etag);
    expect(again.status).toBe(304);
    expect(logoRequests).toBe(before);

    // A new logo is new icon URLs (their version follows the logo).
    await Organization.query().findById(organization.id).patch({ logo: `${logoBase}/missing.png` });
    const after = await icons(agent);
    expect(after[0].src).not.toBe(drawn[0].src);
    // That logo cannot be read: Vecindad's own blue mark instead, never an error.
    expect(after[0].centre.slice(0, 3)).not.toEqual([255, 0, 0]);
    expect(after.map(({ width }) => width)).toEqual([192, 512, 512]);
  });

  it('draws Vecindad’s mark for an organization without a logo, for visitors not signed in too; other names are 404', async () => {
    const agent = await client();
    const drawn = await icons(agent);
    expect(drawn.map(({ width, height }) => [width, height])).toEqual([
      [192, 192],
      [512, 512],
      [512, 512],
    ]);
    // The mark's blue (#2563eb) at the edge of its rounded square, transparent beyond it in the plain icon.
    expect(drawn[1].corner[3]).toBe(0);
    expect(drawn[1].centre[3]).toBe(255);
    expect((await agent.get('/api/manifest/icons/1024.png')).status).toBe(404);
    expect((await agent.get('/api/manifest/icons/..%2f..%2fpackage.json')).status).toBe(404);
  });
});
