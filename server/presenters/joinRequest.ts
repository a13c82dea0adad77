import type { JoinRequestRow } from '../rows/joinRequests';

/** A join request as its applicant sees it (their waiting screen). */
export function presentOwnJoinRequest(row: JoinRequestRow) {
  return {
    id: row.id,
    status: row.status,
    propertyName: row.propertyName,
    propertyReference: row.propertyReference,
    unitNumber: row.unitNumber,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/** A join request in the administrators' queue: the person's contact data to recognise them. */
export function presentJoinRequest(row: JoinRequestRow) {
  return {
    ...presentOwnJoinRequest(row),
    organizationId: row.organizationId,
    propertyId: row.propertyId,
    residentId: row.residentId,
    decidedBy: row.decidedByName,
    user: { id: row.userId, name: row.name, lastName: row.lastName, email: row.email ?? row.username, phone: row.phone },
  };
}
export type PresentedJoinRequest = ReturnType<typeof presentJoinRequest>;
