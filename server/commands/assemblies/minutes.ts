import type { Knex } from 'knex';
import { formatFileSize } from '../../../shared/format';
import { Document, type User } from '../../models';
import { minutesPdf } from '../../files/assemblies';
import type { AssemblyRow } from '../../policies/assemblies';
import { recordEvent } from '../../events/outbox';
import { documentEvents } from '../documents';

/**
 * The minutes (acta) of a closed assembly, published to the property's documents in the same
 * transaction as the close: category `meeting-minutes`, access `residents` (administrators,
 * owners and residents of the property), in Spanish (the organization's official language).
 * Drawn from the frozen results, so the PDF is what the assembly decided.
 */
export async function publishMinutes(trx: Knex, actor: User, assembly: AssemblyRow): Promise<number> {
  const bytes = await minutesPdf(trx, assembly, 'es');
  const day = new Date(assembly.firstCallAt).toISOString().slice(0, 10);
  const document = await Document.query(trx)
    .insert({
      organizationId: assembly.organizationId,
      propertyId: assembly.propertyId,
      title: `Acta: ${assembly.title}`.slice(0, 150),
      category: 'meeting-minutes',
      access: 'residents',
      fileName: `acta-asamblea-${day}.pdf`,
      fileType: 'application/pdf',
      fileSize: formatFileSize(bytes.length),
      sizeBytes: bytes.length,
      content: bytes,
      uploadedById: actor.id,
    })
    .returning(Document.metaColumns as unknown as string[]);
  await recordEvent(trx, ...(await documentEvents(trx, 'document.uploaded', document, actor)));
  await trx('assemblies').where({ id: assembly.id }).update({ minutesDocumentId: document.id });
  return document.id;
}
