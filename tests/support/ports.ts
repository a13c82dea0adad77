import net from 'node:net';

/**
 * A TCP port free on 127.0.0.1 now, as the system hands one out: a port worked out from the
 * process id could be in use (it fell in the range the system gives outgoing connections).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
