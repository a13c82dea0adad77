import type { Pojo, RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Organization } from './Organization';
import { Property } from './Property';
import { User } from './User';

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

  sharedWith?: User[];

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

  static override relationMappings = (): RelationMappings => ({
    organization: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'documents.organizationId', to: 'organizations.id' },
    },
    uploadedBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'documents.uploadedById', to: 'users.id' },
    },
    property: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Property,
      join: { from: 'documents.propertyId', to: 'properties.id' },
    },
    sharedWith: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: User,
      join: {
        from: 'documents.id',
        through: { from: 'documentShares.documentId', to: 'documentShares.userId' },
        to: 'users.id',
      },
    },
  });
}
