import { isAdministrator } from '../../shared/permissions';
import type { DocumentItem } from '../../shared/schemas/documents';
import type { DocumentWithDetails } from '../rows/documents';
import type { User } from '../models';
import { canDeleteDocument } from '../policies/documents';

/**
 * A document as `viewer` sees it: never the bytes unless `content` is given (one document,
 * `?include=content`); who it is shared with only for administrators and its uploader.
 */
export function presentDocument(document: DocumentWithDetails, viewer: User, content?: Buffer): DocumentItem {
  const seesShares = isAdministrator(viewer) || document.uploadedById === viewer.id;
  return {
    id: document.id,
    title: document.title,
    category: document.category as DocumentItem['category'],
    access: document.access,
    fileName: document.fileName,
    fileSize: document.fileSize,
    sizeBytes: document.sizeBytes,
    fileType: document.fileType,
    propertyId: document.propertyId,
    uploadedById: document.uploadedById,
    uploadedBy: document.uploadedBy
      ? { id: document.uploadedBy.id, name: document.uploadedBy.name, lastName: document.uploadedBy.lastName }
      : null,
    uploadedAt: new Date(document.uploadedAt).toISOString(),
    lastModified: new Date(document.lastModified).toISOString(),
    ...(seesShares ? { sharedWith: document.sharedWithIds } : {}),
    canDelete: canDeleteDocument(viewer, document),
    ...(content ? { content: content.toString('base64') } : {}),
  };
}
