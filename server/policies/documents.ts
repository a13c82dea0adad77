import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can, isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { Document, type User } from '../models';
import { readablePropertyIds, whereOrganizationReachable, type Filterable } from './tenancy';

/**
 * Restricts a query on `documents` (knex or Objection) to the rows the user may read
 * (docs/permissions.md, document access levels):
 * - administrators: every document of the organizations they reach;
 * - suppliers: none (documents are not part of their work);
 * - owners and residents, within their own organization: `public` ones; `residents` ones
 *   of a property they read (owners: owned, residents: lived in), or of no property when they
 *   read at least one property of the organization; `custom`
 *   ones shared with them (`document_shares`); and whatever they uploaded themselves (they
 *   may delete their own uploads, so they must see them whatever the access level).
 */
export function whereDocumentReadable<Q extends Filterable>(query: Q, user: User, trx: Knex = db()): Q {
  if (isAdministrator(user)) return whereOrganizationReachable(query, 'documents.organization_id', user);
  const q = query as unknown as Knex.QueryBuilder;
  q.where('documents.organization_id', user.organizationId);
  if (!can(user, 'documents.read')) return q.whereRaw('false') as unknown as Q;
  return q.where((readable) =>
    readable
      .where('documents.access', 'public')
      .orWhere('documents.uploaded_by_id', user.id)
      .orWhere((residents) =>
        residents
          .where('documents.access', 'residents')
          .where((property) =>
            property
              .whereIn('documents.property_id', readablePropertyIds(user, trx))
              // No property: owners and residents of any property of the organization.
              .orWhere((none) => none.whereNull('documents.property_id').whereExists(readablePropertyIds(user, trx))),
          ),
      )
      .orWhere((custom) =>
        custom.where('documents.access', 'custom').whereExists(
          trx('document_shares')
            .select(trx.raw('1'))
            .whereRaw('document_shares.document_id = documents.id')
            .where('document_shares.user_id', user.id),
        ),
      ),
  ) as unknown as Q;
}

/** A document the user may read, without its bytes, or 404 (its existence is never revealed). */
export async function findReadableDocument(user: User, id: number, trx: Knex = db()): Promise<Document> {
  const document = await whereDocumentReadable(Document.query(trx).select(Document.metaColumns).findById(id), user, trx);
  if (!document) throw notFound(messageText('document_not_found'));
  return document;
}

/** Administrators delete any document they read; everyone else only their own uploads. */
export const canDeleteDocument = (user: User, document: Pick<Document, 'uploadedById'>) =>
  can(user, 'documents.deleteAny') || document.uploadedById === user.id;

/** A document the user may delete: 404 when they cannot read it, 403 when they only read it. */
export async function findDeletableDocument(user: User, id: number, trx: Knex = db()): Promise<Document> {
  const document = await findReadableDocument(user, id, trx);
  if (!canDeleteDocument(user, document)) throw forbidden(messageText('document_delete_forbidden'));
  return document;
}

/** Suppliers upload nothing; only administrators may restrict a document to administrators. */
export function authorizeUpload(user: User, access?: Document['access']) {
  if (!can(user, 'documents.upload')) throw forbidden(messageText('document_upload_forbidden'));
  if (access === 'admin' && !isAdministrator(user)) throw forbidden(messageText('document_admin_access_forbidden'));
}

/**
 * Users a document may be shared with: active Administradores, Propietarios and Residentes of
 * its organization (suppliers read no documents, so sharing with them would grant nothing).
 */
export function shareableUserIds(organizationId: number, trx: Knex = db()): Knex.QueryBuilder {
  return trx('users')
    .select('users.id')
    .where({ 'users.organization_id': organizationId, 'users.is_active': true })
    .whereIn('users.role', ['Administrador', 'Propietario', 'Residente']);
}

/**
 * The non-administrator readers of a document by name, whereDocumentReadable read the other
 * way round (keep the two in step): the uploader; for `residents`, the owners and residents
 * of its property, or of every property of its organization when it has none; for `custom`,
 * the users it is shared with. Administrators read everything and are not listed. Used to
 * address events to exactly the users who may read the document.
 */
export function documentReaderIds(
  document: Pick<Document, 'id' | 'organizationId' | 'propertyId' | 'access' | 'uploadedById'>,
  trx: Knex = db(),
): Knex.QueryBuilder {
  const readers = trx('users')
    .select('users.id')
    .where({ 'users.organization_id': document.organizationId, 'users.is_active': true })
    .whereIn('users.role', ['Propietario', 'Residente']);
  return readers.where((reader) => {
    if (document.uploadedById) reader.where('users.id', document.uploadedById);
    else reader.whereRaw('false');
    if (document.access === 'custom') {
      reader.orWhereIn('users.id', trx('document_shares').select('user_id').where({ documentId: document.id }));
    }
    if (document.access === 'residents') {
      const properties = trx('properties').select('properties.id').where('properties.organization_id', document.organizationId);
      if (document.propertyId) properties.where('properties.id', document.propertyId);
      reader
        .orWhere((owner) =>
          owner.where('users.role', 'Propietario').whereIn('users.id', trx('properties').select('owner_id').whereIn('id', properties)),
        )
        .orWhere((resident) =>
          resident
            .where('users.role', 'Residente')
            .whereIn('users.id', trx('residents').select('user_id').whereNot('status', 'inactive').whereIn('property_id', properties)),
        );
    }
  });
}
