import type { Knex } from 'knex';
import type { EventType } from '../../shared/events';
import type { Language } from '../../shared/messages';
import { TIME_ZONE } from '../../shared/time';
import type { NotificationRule } from './rules';

/**
 * Assemblies in the inbox (docs/modules/assemblies.md, "Notice"): convening tells every owner
 * of the property (the owner of each unit and of the whole property), by email always, like
 * emergencies; a cancellation tells them too. The convening email carries the notice with its
 * agenda (PDF) and the calendar file (.ics) attached, by reference (mail/attachments.ts); both
 * are also on the assembly (`/api/assemblies/{id}/notice.pdf`, `/invite.ics`). A vote opened
 * in session tells those who may vote (the owners, and the holders of the assembly's approved
 * proxies) in the inbox and on the phone, never by email: it is over before an email is read.
 */

const propertyOwners = (trx: Knex, propertyId: number) =>
  trx('units')
    .select('ownerId as id')
    .where({ propertyId })
    .whereNotNull('ownerId')
    .union(trx('properties').select('ownerId as id').where({ id: propertyId }).whereNotNull('ownerId'));

/** Who may vote in the assembly: the property's owners and its approved proxies' holders. */
const voters = (trx: Knex, propertyId: number, assemblyId: number) =>
  propertyOwners(trx, propertyId).union(
    trx('assemblyProxies').select('holderUserId as id').where({ assemblyId, status: 'approved' }).whereNotNull('holderUserId'),
  );

type Payload = Record<string, unknown>;
const when = (payload: Payload, language: Language) =>
  payload.firstCallAt
    ? new Date(String(payload.firstCallAt)).toLocaleString(language === 'es' ? 'es-DO' : 'en-US', { timeZone: TIME_ZONE, dateStyle: 'full', timeStyle: 'short' })
    : '';

const rule = (text: NotificationRule['text']): NotificationRule => ({
  recipients: (event, trx) => propertyOwners(trx, event.propertyId!),
  category: () => 'messages',
  email: () => 'always',
  link: (event) => `/assemblies/${event.subjectId}`,
  text,
});

export const ASSEMBLY_RULES: Partial<Record<EventType, NotificationRule>> = {
  'assembly.convened': {
    ...rule({
      es: (p) => ({
        title: `Convocatoria: ${p.title}`,
        body: `Primera convocatoria: ${when(p, 'es')}${p.place ? `, ${p.place}` : ''}. Adjuntos: la convocatoria con el orden del día (PDF) y el archivo de calendario (.ics).`,
      }),
      en: (p) => ({
        title: `Notice of meeting: ${p.title}`,
        body: `First call: ${when(p, 'en')}${p.place ? `, ${p.place}` : ''}. Attached: the notice with its agenda (PDF) and the calendar file (.ics).`,
      }),
    }),
    attachments: (event) => [
      { kind: 'assembly_notice', id: event.subjectId! },
      { kind: 'assembly_invite', id: event.subjectId! },
    ],
  },
  'assembly.item_opened': {
    recipients: (event, trx) => voters(trx, event.propertyId!, event.subjectId!),
    category: () => 'messages',
    email: () => 'never',
    // One notification per item: a vote is opened once.
    key: (event) => `assembly-item:${String(event.payload.itemId)}`,
    link: (event) => `/assemblies/${event.subjectId}`,
    text: {
      es: (p) => ({ title: `Votación abierta: ${p.itemTitle}`, body: `${p.title}. Vote desde la asamblea mientras la votación siga abierta.` }),
      en: (p) => ({ title: `Vote open: ${p.itemTitle}`, body: `${p.title}. Vote from the assembly while the vote is open.` }),
    },
  },
  // Only an assembly its owners were told of: a cancelled draft was never theirs.
  'assembly.cancelled': {
    ...rule({
      es: (p) => ({ title: `Asamblea cancelada: ${p.title}`, body: String(p.reason ?? '') }),
      en: (p) => ({ title: `Assembly cancelled: ${p.title}`, body: String(p.reason ?? '') }),
    }),
    async due(event, trx) {
      return (await trx('assemblies').where({ id: event.subjectId }).whereNotNull('convenedAt').first('id')) ? new Date() : null;
    },
  },
};
