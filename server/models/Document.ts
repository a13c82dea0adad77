import type { Pojo } from 'objection';
import { BaseModel } from './BaseModel';

export class Document extends BaseModel {
  static override tableName = 'documents';
  static override hasTimestamps = false;

  id!: number;
  organizationId!: number;
  title!: string;
  category!: string;
  access!: 'public' | 'residents' | 'admin' | 'custom';
  fileName!: string | null;
  fileSize!: string;
  sizeBytes!: number;
  fileType!: string;
  content!: Buffer;
  uploadedById!: number | null;
  propertyId!: number | null;
  uploadedAt!: Date;
  lastModified!: Date;

  /** Every column but the bytes: lists and checks never read `content` (kept out of line, TOAST). */
  static metaColumns = [
    'documents.id', 'documents.organizationId', 'documents.title', 'documents.category', 'documents.access',
    'documents.fileName', 'documents.fileSize', 'documents.sizeBytes', 'documents.fileType',
    'documents.uploadedById', 'documents.propertyId', 'documents.uploadedAt', 'documents.lastModified',
  ] as const;

  /** The bytes never travel inside a list; presenters add them only when asked. */
  override $formatJson(json: Pojo) {
    const { content: _content, ...rest } = super.$formatJson(json);
    return rest;
  }

  override $beforeUpdate() {
    this.lastModified = new Date();
  }
}
