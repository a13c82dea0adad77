import type { Knex } from 'knex';
import type { ModelObject } from 'objection';
import type { MaintenanceChanges } from '../../shared/schemas/maintenance';
import { db } from '../db';
import type { MaintenanceRequest } from '../models';

/**
 * The rows of maintenance as its queries read them (the one home of their types): the policy
 * narrows `requestRows` to the caller's reach, the commands write and reload them, the presenter
 * shapes them.
 */

/** A request joined with what its presenter and events need. */
export type RequestRow = ModelObject<MaintenanceRequest> & {
  organizationId: number;
  propertyName: string;
  unitNumber: string | null;
  requesterName: string | null;
  requesterLastName: string | null;
  requesterPhone: string | null;
  requesterRole: string | null;
  assigneeName: string | null;
  assigneeLastName: string | null;
  assigneePhone: string | null;
  photoCount: number;
};

/** One update of a request's timeline, with its author's name. */
export type UpdateRow = {
  id: number;
  updatedById: number | null;
  actorName: string | null;
  actorLastName: string | null;
  content: string | null;
  visibility: 'public' | 'internal';
  status: RequestRow['status'] | null;
  changes: MaintenanceChanges;
  createdAt: Date;
};

/** A photo of a request, without its bytes. */
export type PhotoRow = { id: number; requestId: number; updateId: number | null; fileName: string | null; fileType: string; sizeBytes: number; createdAt: Date };

/** Every request with its joins (no reach applied: see policies/maintenance.ts, readableRequests). */
export function requestRows(trx: Knex = db()): Knex.QueryBuilder {
  return trx('maintenance_requests')
    .join('properties', 'properties.id', 'maintenance_requests.property_id')
    .leftJoin('units', 'units.id', 'maintenance_requests.unit_id')
    .leftJoin('users as requester', 'requester.id', 'maintenance_requests.requested_by_id')
    .leftJoin('users as assignee', 'assignee.id', 'maintenance_requests.assigned_to_id')
    .select(
      'maintenance_requests.*',
      'properties.organizationId',
      'properties.name as propertyName',
      'units.unitNumber',
      'requester.name as requesterName',
      'requester.lastName as requesterLastName',
      'requester.phone as requesterPhone',
      'requester.role as requesterRole',
      'assignee.name as assigneeName',
      'assignee.lastName as assigneeLastName',
      'assignee.phone as assigneePhone',
      trx('maintenance_photos').count('*').whereRaw('maintenance_photos.request_id = maintenance_requests.id').as('photoCount'),
    );
}

/** A request by id with its joins, whoever may read it (after a write). */
export const reloadRequest = async (trx: Knex, id: number): Promise<RequestRow> => {
  const row = (await requestRows(trx).where('maintenance_requests.id', id).first()) as RequestRow;
  return { ...row, photoCount: Number(row.photoCount) };
};

/** The photos of a request (oldest first), without their bytes. */
export const photosOf = (requestId: number, trx: Knex = db()): Promise<PhotoRow[]> =>
  trx('maintenance_photos')
    .where({ requestId })
    .select('id', 'requestId', 'updateId', 'fileName', 'fileType', 'sizeBytes', 'createdAt')
    .orderBy('id');
