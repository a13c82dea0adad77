import type { Response } from 'superagent';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Agent } from 'supertest';
import { db } from '../../server/db';
import { todayThere, zonedInstant } from '../../shared/time';

/** Reads a response body as raw bytes, whatever its type. */
export function binary(res: Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** GETs a file as bytes. */
export const fetchBytes = (agent: Agent, path: string) => agent.get(path).buffer(true).parse(binary as never);

/** The text of a PDF, all pages, as one string with single spaces. */
export async function pdfText(bytes: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A day `n` days from today in the billing time zone, 'YYYY-MM-DD' (negative: in the past). */
export function day(n: number) {
  const date = new Date(`${todayThere()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** A 1x1 PNG: what a phone's photo of a transfer looks like to the server's sniffer. */
export const PNG_PROOF = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * Charges as if issued at 06:00 of `day` (a worker's job of that day, run now by a test): their
 * `created_at` moves there. Charges are never edited (a trigger refuses it), so the test
 * database's triggers are paused for this one update.
 */
export async function issuedOn(day: string, chargeIds: number[]) {
  await db().transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx('charges').whereIn('id', chargeIds).update({ createdAt: zonedInstant(day, 6 * 60) });
  });
}
