import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import type { JoinRequestApproveInput, JoinRequestListQuery } from '../../shared/schemas/joinRequests';
import { db } from '../db';
import { conflict, validationError } from '../errors';
import { recordEvent, type EventInput } from '../events/outbox';
import { Property, type User } from '../models';
import type { JoinRequestRow } from '../rows/joinRequests';
import { findManageableProperty } from '../policies/properties';
import { whereOrganizationReachable } from '../policies/tenancy';
import { foldedContains } from '../db/search';
import { isUniqueViolation } from '../db/violations';
import { createResident } from './residents/changes';
import { fullName } from '../../shared/format';
import { fullNameSql } from '../db/names';

function requestRows(trx: Knex) {
  return trx('join_requests as j')
    .join('users as u', 'u.id', 'j.userId')
    .leftJoin('properties as p', 'p.id', 'j.propertyId')
    .leftJoin('residents as r', 'r.id', 'j.residentId')
    .leftJoin('units as un', 'un.id', 'r.unitId')
    .leftJoin('users as d', 'd.id', 'j.decidedById')
    .select(
      'j.id', 'j.status', 'j.organizationId', 'j.userId', 'j.propertyId', 'j.propertyReference', 'j.residentId',
      'j.createdAt', 'j.decidedAt', 'u.name', 'u.lastName', 'u.username', 'u.email', 'u.phone',
      'p.name as propertyName', 'un.unitNumber',
      trx.raw(`${fullNameSql('d')} as decided_by_name`),
    );
}

export async function getJoinRequest(trx: Knex, id: number): Promise<JoinRequestRow> {
  return (await requestRows(trx).where('j.id', id).first()) as JoinRequestRow;
}

/** A property reference is its id or its exact name (case-insensitive) in the organization. */
function findPropertyByReference(trx: Knex, organizationId: number, reference: string) {
  const query = Property.query(trx).where({ organizationId }).select('id', 'name');
  return /^\d+$/.test(reference)
    ? query.findById(Number(reference))
    : query.whereRaw('lower(name) = lower(?)', [reference]).orderBy('id').first();
}


/**
 * A request of `user` (a Residente of no property yet) to join the property named by
 * `reference` in their organization; without one, or when nothing matches, the administrator
 * chooses the property. It grants nothing until approved. The organization's administrators
 * are told (`join_request.created`).
 */
export async function requestToJoin(trx: Knex, user: User, reference: string | null) {
  const property = reference ? await findPropertyByReference(trx, user.organizationId, reference) : undefined;
  let id: number;
  try {
    [{ id }] = await trx('join_requests')
      .insert({ organizationId: user.organizationId, userId: user.id, propertyId: property?.id ?? null, propertyReference: reference })
      .returning('id');
  } catch (error) {
    if (isUniqueViolation(error, 'join_requests_one_pending_idx')) throw conflict(messageText('join_request_pending'), 'join_request_pending');
    throw error;
  }
  await recordEvent(trx, {
    type: 'join_request.created',
    organizationId: user.organizationId,
    audience: 'administrators',
    propertyId: property?.id ?? null,
    actorId: user.id,
    subject: { type: 'join_request', id },
    payload: { name: fullName(user), propertyName: property?.name ?? null, propertyReference: reference },
  });
  return getJoinRequest(trx, id);
}

/**
 * The requests of the organizations the administrator reaches with this status: pending ones
 * oldest first (a queue), decided ones latest first. `q` matches the person's name or email.
 */
export async function listJoinRequests(actor: User, { status, q, limit, offset }: JoinRequestListQuery) {
  const trx = db();
  const filtered = () => {
    const query = whereOrganizationReachable(trx('join_requests as j'), 'j.organization_id', actor).where('j.status', status);
    if (q) {
      query.whereIn('j.userId', trx('users').select('id').where('searchText', 'like', foldedContains(trx, q)));
    }
    return query;
  };
  const rows = requestRows(trx)
    .whereIn('j.id', filtered().select('j.id'))
    .orderBy('j.id', status === 'pending' ? 'asc' : 'desc')
    .offset(offset)
    .limit(limit ?? 50);
  const [list, [{ total }]] = await Promise.all([rows, filtered().count({ total: '*' })]);
  return { rows: list as JoinRequestRow[], total: Number(total) };
}

/** The latest request of a user (their waiting screen shows where it stands), if any. */
export async function latestJoinRequest(userId: number): Promise<JoinRequestRow | undefined> {
  return (await requestRows(db()).where('j.userId', userId).orderBy('j.id', 'desc').first()) as JoinRequestRow | undefined;
}

type Decision = 'join_request.approved' | 'join_request.declined';

/**
 * A decision is told to the organization's administrators (their queues follow) and to the
 * person (their waiting screen follows, and their inbox says so).
 */
function decisionEvents(type: Decision, actor: User, request: JoinRequestRow): EventInput[] {
  const event = {
    type,
    organizationId: request.organizationId,
    propertyId: request.propertyId,
    actorId: actor.id,
    subject: { type: 'join_request', id: request.id },
    payload: { name: fullName(request), propertyName: request.propertyName, unitNumber: request.unitNumber },
  };
  return [
    { ...event, audience: 'administrators' },
    { ...event, audience: 'user', userId: request.userId },
  ];
}

const decide = (trx: Knex, actor: User, id: number, changes: Record<string, unknown>) =>
  trx('join_requests').where({ id }).update({ ...changes, decidedById: actor.id, decidedAt: trx.fn.now(), updatedAt: trx.fn.now() });

/**
 * Approves a pending request (found and locked by the policy): the person becomes an active
 * resident of the chosen property and unit through the residents' own command (the unit is
 * created only when `createUnit` confirms it). Their sockets join the property's rooms (see
 * realtime/access.ts).
 */
export async function approveJoinRequest(trx: Knex, actor: User, request: JoinRequestRow, input: JoinRequestApproveInput) {
  const property = await findManageableProperty(actor, input.propertyId, trx);
  if (property.organizationId !== request.organizationId) {
    throw validationError({ propertyId: messageText('join_request_property_other_organization') });
  }
  const { row: resident } = await createResident(trx, actor, property, {
    username: request.username,
    name: request.name,
    lastName: request.lastName ?? '',
    phone: request.phone,
    unit: input.unit,
    createUnit: input.createUnit,
    status: 'active',
  });
  await decide(trx, actor, request.id, { status: 'approved', propertyId: property.id, residentId: resident.id });
  const approved = await getJoinRequest(trx, request.id);
  await recordEvent(trx, ...decisionEvents('join_request.approved', actor, approved));
  return approved;
}

/** Declines a pending request: the account stays, with access to nothing but itself. */
export async function declineJoinRequest(trx: Knex, actor: User, request: JoinRequestRow) {
  await decide(trx, actor, request.id, { status: 'declined' });
  const declined = await getJoinRequest(trx, request.id);
  await recordEvent(trx, ...decisionEvents('join_request.declined', actor, declined));
  return declined;
}
