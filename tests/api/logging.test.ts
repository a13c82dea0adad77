import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { logger } from '../../server/logger';
import { createDocument, createUser, samplePdf } from '../support/factories';
import { sessionCookie } from '../support/live';
import { testApp } from '../support/services';

afterEach(() => vi.restoreAllMocks());

/** The app on a port of its own, an Administrador's session on it, and a watch on logged errors. */
async function listening() {
  const errors = vi.spyOn(logger, 'error');
  const server = http.createServer((await testApp()).callback()).listen(0, '127.0.0.1');
  const user = await createUser({ role: 'Administrador' });
  const { port } = server.address() as AddressInfo;
  return { errors, server, user, port, cookie: await sessionCookie(`http://127.0.0.1:${port}`, user) };
}

it('logs no error when a client abandons a download midway', async () => {
  const { errors, server, user, port, cookie } = await listening();
  try {
    const content = Buffer.concat([samplePdf(), Buffer.alloc(8 * 1024 * 1024, 'x')]);
    const document = await createDocument({ organizationId: user.organizationId, content });

    // Reads the first bytes of the download, then hangs up.
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ port, host: '127.0.0.1', path: `/api/documents/${document.id}/download`, headers: { cookie } }, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy();
          setTimeout(resolve, 500);
        });
      });
      request.on('error', (error) => (error.message.includes('socket hang up') || error.message.includes('aborted') ? resolve() : reject(error)));
    });
    expect(errors).not.toHaveBeenCalled();
  } finally {
    server.close();
  }
});

it('logs no error when a client hangs up before its request body is read', async () => {
  const { errors, server, port, cookie } = await listening();
  try {
    // A whole request, and the connection closes while the server looks up the session (or,
    // as timing goes, after it has read the body): five times, to meet the first case.
    for (let i = 0; i < 5; i++) {
      const closed = new Promise((resolve) => server.once('request', (_request, response) => response.once('close', resolve)));
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/properties HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{"name":"T"}`,
        );
        socket.destroy();
      });
      await closed;
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the request's last log lines
    expect(errors).not.toHaveBeenCalled();
  } finally {
    server.close();
  }
});
