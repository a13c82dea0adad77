import type { Document } from '../models/Document';
import type { User } from '../models/User';

/** What a list reads of a document (Document.metaColumns: never the bytes). */
export type DocumentMeta = Pick<
  Document,
  'id' | 'organizationId' | 'title' | 'category' | 'access' | 'fileName' | 'fileSize' | 'sizeBytes' | 'fileType' | 'uploadedById' | 'propertyId' | 'uploadedAt' | 'lastModified'
>;

/** A document with what its presenter needs: uploader (name only) and share list. */
export type DocumentWithDetails = DocumentMeta & {
  uploadedBy?: Pick<User, 'id' | 'name' | 'lastName'>;
  sharedWithIds: number[];
};
