import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, expect } from 'vitest';
import type { User } from '../../server/models';
import { vapidKeys } from '../../server/push/vapid';
import type { useLiveWorld } from './live-world';

/**
 * A local HTTP server playing the browser's push service for the worker's tests (and the
 * bench): each test subscription holds a real P-256 key pair and auth secret, so a test
 * decrypts what arrives (RFC 8291, aes128gcm) with the device's private key and checks the
 * VAPID signature (RFC 8292) with the server's public key.
 */
export type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
export type Device = { endpoint: string; path: string; ecdh: ECDH; auth: Buffer; id: number };
type World = Pick<ReturnType<typeof useLiveWorld>, 'api' | 'cookie'>;

export function usePushService(world: World) {
  const { api } = world;
  const received: Received[] = [];
  /** The push service's answer by endpoint path (201 unless told). */
  const answers = new Map<string, number>();
  let service: http.Server;
  let serviceUrl: string;

  beforeAll(async () => {
    service = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = answers.get(request.url!) ?? 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => service.close(resolve));
  });

  /** A browser's subscription for `user`, made through the API as the browser would. */
  async function subscribeDevice(user: User, label = 'Chrome'): Promise<Device> {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${randomBytes(8).toString('hex')}`;
    const endpoint = `${serviceUrl}${path}`;
    const response = await api('POST', '/api/push/subscriptions', await world.cookie(user), {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      userAgent: `Mozilla/5.0 (Linux; Android 14) ${label}/131.0 Mobile Safari/537.36`,
    });
    expect(response.status).toBe(201);
    return { endpoint, path, ecdh, auth, id: response.body.id };
  }

  const pushesTo = (device: Device) => received.filter((push) => push.path === device.path);

  /** Decrypts a push with the device's private key and auth secret; checks its VAPID signature. */
  function open(device: Device, push: Received) {
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const authorization = String(push.headers.authorization);
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
    expect(match, authorization).not.toBeNull();
    const [, jwt, key] = match!;
    const { publicKey } = vapidKeys();
    expect(key).toBe(publicKey);
    const [header, claims, signature] = jwt.split('.');
    const point = Buffer.from(publicKey, 'base64url');
    const verifier = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
    const claimed = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(claimed.aud).toBe(serviceUrl);
    expect(claimed.exp * 1000).toBeGreaterThan(Date.now());
    const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') });
    return JSON.parse(plain.toString('utf8'));
  }

  return { received, answers, subscribeDevice, pushesTo, open, serviceUrl: () => serviceUrl };
}
