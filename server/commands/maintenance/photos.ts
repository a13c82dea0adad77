import path from 'node:path';
import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import {
  MAINTENANCE_PHOTO_TYPES,
  MAX_MAINTENANCE_PHOTO_BYTES,
  MAX_PHOTOS_PER_REQUEST,
  type MaintenanceChanges,
  type MaintenancePhotoInput,
} from '../../../shared/schemas/maintenance';
import { db } from '../../db';
import { badRequest, conflict, forbidden, payloadTooLarge } from '../../errors';
import type { User } from '../../models';
import { mayAddPhoto } from '../../policies/maintenance';
import type { PhotoRow, RequestRow } from '../../rows/maintenance';
import { decodeBase64, sniffMimeType } from '../../services/files';
import { recordRequestEvent } from './events';

/** Photos of a request (docs/modules/maintenance.md, "Updates, photos and ratings"). */

// The sniffer names HEIC stills by their brand: heic (most phones) or mif1 (heif).
const SNIFFED_AS: Record<string, readonly string[]> = {
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/webp': ['image/webp'],
  'image/heic': ['image/heic', 'image/heif'],
  'image/heif': ['image/heic', 'image/heif'],
};

/**
 * A photo of the request (its own update of the timeline), checked like documents: valid
 * base64, at most 10 MB, and declared type, file name and magic bytes agreeing on an image type.
 */
export async function addPhoto(trx: Knex, actor: User, row: RequestRow, input: MaintenancePhotoInput) {
  if (!mayAddPhoto(actor, row)) throw forbidden();
  const bytes = decodeBase64(input.content);
  if (!bytes || !bytes.length) {
    const message = messageText('maintenance_photo_invalid_content');
    throw badRequest(message, 'invalid_content', { content: message });
  }
  if (bytes.length > MAX_MAINTENANCE_PHOTO_BYTES) throw payloadTooLarge(messageText('maintenance_photo_too_large'));
  const extension = input.fileName === null ? undefined : path.extname(input.fileName).toLowerCase();
  const extensionAgrees = !extension || (MAINTENANCE_PHOTO_TYPES[input.fileType] as readonly string[]).includes(extension);
  const sniffed = await sniffMimeType(bytes);
  if (!extensionAgrees || !sniffed || !SNIFFED_AS[input.fileType].includes(sniffed)) {
    const message = messageText('maintenance_photo_type');
    throw badRequest(message, 'invalid_file_type', { fileType: message });
  }
  if (row.photoCount >= MAX_PHOTOS_PER_REQUEST) throw conflict(messageText('maintenance_photo_limit'), 'photo_limit');

  const changes: MaintenanceChanges = { photo: true };
  const [update] = await trx('maintenance_updates').insert({ requestId: row.id, updatedById: actor.id, changes }, ['id']);
  const [photo] = await trx('maintenance_photos').insert(
    { requestId: row.id, updateId: update.id, uploadedById: actor.id, fileName: input.fileName, fileType: input.fileType, sizeBytes: bytes.length, content: bytes },
    ['id', 'requestId', 'updateId', 'fileName', 'fileType', 'sizeBytes', 'createdAt'],
  );
  await recordRequestEvent(trx, 'maintenance.photo_added', row, actor, { updateId: update.id, changes });
  return photo as PhotoRow;
}

/** The bytes of one photo of a request. */
export async function photoContent(requestId: number, photoId: number, trx: Knex = db()) {
  return trx('maintenance_photos').where({ id: photoId, requestId }).first('fileType', 'fileName', 'content', 'sizeBytes');
}
