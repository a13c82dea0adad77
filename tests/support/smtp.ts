import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './live';

export type ReceivedEmail = ParsedMail & { envelopeTo: string[] };

/**
 * A real SMTP server in the test process (smtp-server): it accepts every message and keeps it
 * parsed (mailparser). `failNext(n)` refuses the next n messages with a temporary error, as a
 * server under load would.
 */
export async function startSmtpServer() {
  const received: ReceivedEmail[] = [];
  /** Envelope recipients of the messages refused. */
  const refused: string[][] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          refused.push(session.envelope.rcptTo.map((to) => to.address));
          const error = Object.assign(new Error('Servicio no disponible, intente más tarde'), { responseCode: 451 });
          return callback(error);
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((to) => to.address) }));
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    failNext: (count: number) => void (failures = count),
    /** Emails received for this address (envelope recipient). */
    to: (address: string) => received.filter((mail) => mail.envelopeTo.includes(address)),
    /** Waits for the first email to `address` matching `match`. */
    next: (address: string, match: (mail: ReceivedEmail) => boolean = () => true, timeoutMs = 8000) =>
      waitFor(() => received.find((mail) => mail.envelopeTo.includes(address) && match(mail)), timeoutMs, `un correo para ${address}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
