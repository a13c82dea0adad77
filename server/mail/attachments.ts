import type { Knex } from 'knex';
import type { Language } from '../../shared/messages';
import { inviteIcs, noticePdf } from '../files/assemblies';
import { assemblyRows, type AssemblyRow } from '../policies/assemblies';
import { ATTACHMENT_KINDS, type AttachmentKind, type AttachmentRef } from './outbox';

/**
 * Attachments of outbox emails, by reference: the outbox keeps `{ kind, id }` (a few bytes per
 * email) and the worker renders the file when it sends, in the recipient's language. Renders
 * are kept for a minute per kind, id and language, so a notice to five hundred owners makes its
 * PDF once per language, not once per owner. A reference whose thing is gone renders nothing
 * (the email goes without it).
 */
export type RenderedAttachment = { filename: string; contentType: string; content: Buffer };

const assemblyOf = async (trx: Knex, id: number) => (await assemblyRows(trx).where('assemblies.id', id).first()) as AssemblyRow | undefined;

const RENDERERS: Record<AttachmentKind, (trx: Knex, id: number, language: Language) => Promise<RenderedAttachment | null>> = {
  async assembly_notice(trx, id, language) {
    const assembly = await assemblyOf(trx, id);
    if (!assembly) return null;
    const name = language === 'es' ? 'convocatoria' : 'notice';
    return { filename: `${name}-${id}.pdf`, contentType: 'application/pdf', content: await noticePdf(trx, assembly, language) };
  },
  async assembly_invite(trx, id, language) {
    const assembly = await assemblyOf(trx, id);
    if (!assembly) return null;
    const name = language === 'es' ? 'asamblea' : 'assembly';
    // METHOD=PUBLISH as in the file: mail clients offer "add to calendar".
    return { filename: `${name}-${id}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(inviteIcs(assembly), 'utf8') };
  },
};

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; file: Promise<RenderedAttachment | null> }>();

/** Whether a stored value is a list of references this installation knows. */
export const isAttachmentRef = (value: unknown): value is AttachmentRef =>
  typeof value === 'object' &&
  value !== null &&
  ATTACHMENT_KINDS.includes((value as AttachmentRef).kind) &&
  Number.isInteger((value as AttachmentRef).id);

/** The files of an email's references, rendered (or from the minute's cache). */
export async function renderAttachments(trx: Knex, refs: unknown, language: Language): Promise<RenderedAttachment[]> {
  if (!Array.isArray(refs)) return [];
  const now = Date.now();
  for (const [key, entry] of cache) if (now - entry.at > CACHE_MS) cache.delete(key);
  const files = await Promise.all(
    refs.filter(isAttachmentRef).map((ref) => {
      const key = `${ref.kind}:${ref.id}:${language}`;
      let entry = cache.get(key);
      if (!entry) {
        entry = { at: now, file: RENDERERS[ref.kind](trx, ref.id, language) };
        cache.set(key, entry);
        // A failed render is not kept: the next attempt renders again.
        entry.file.catch(() => cache.delete(key));
      }
      return entry.file;
    }),
  );
  return files.filter((file): file is RenderedAttachment => file !== null);
}
