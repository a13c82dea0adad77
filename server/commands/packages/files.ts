import type { Knex } from 'knex';
import {
  MAX_PACKAGE_PHOTO_BYTES,
  MAX_PET_RECORD_BYTES,
  MAX_SIGNATURE_BYTES,
  PACKAGE_PHOTO_TYPES,
  PET_RECORD_TYPES,
  SIGNATURE_TYPES,
} from '../../../shared/schemas/packages';
import { db } from '../../db';
import { checkedFileBytes, type FileRules } from '../../services/files';

/** The module's uploads, through the product's one upload path (checked by content): photos, signatures, vaccination records. */
export const PHOTO_RULES: FileRules = {
  types: PACKAGE_PHOTO_TYPES,
  maxBytes: MAX_PACKAGE_PHOTO_BYTES,
  messages: { invalidContent: 'package_photo_invalid_content', empty: 'package_photo_empty', tooLarge: 'package_photo_too_large', invalidType: 'package_photo_type' },
  fields: { content: 'photo.content', fileType: 'photo.fileType' },
};
export const SIGNATURE_RULES: FileRules = {
  types: SIGNATURE_TYPES,
  maxBytes: MAX_SIGNATURE_BYTES,
  messages: { invalidContent: 'package_signature_invalid_content', empty: 'package_signature_empty', tooLarge: 'package_signature_too_large', invalidType: 'package_signature_type' },
  fields: { content: 'signature.content', fileType: 'signature.fileType' },
};
export const RECORD_RULES: FileRules = {
  types: PET_RECORD_TYPES,
  maxBytes: MAX_PET_RECORD_BYTES,
  messages: { invalidContent: 'pet_record_invalid_content', empty: 'pet_record_empty', tooLarge: 'pet_record_too_large', invalidType: 'pet_record_type' },
  fields: { content: 'record.content', fileType: 'record.fileType' },
};

export const checkedUpload = (input: { content: string; fileType: string; fileName: string | null }, rules: FileRules) => checkedFileBytes(input, rules);

/** The bytes of a package's photo or signature (null once anonymised). */
export async function packageFile(id: number, kind: 'photo' | 'signature', trx: Knex = db()) {
  const row = await trx('packages').where({ id }).first(kind === 'photo' ? trx.raw('photo as content, photo_type as file_type') : trx.raw("signature as content, 'image/png' as file_type"));
  return row?.content ? (row as { content: Buffer; fileType: string }) : null;
}
