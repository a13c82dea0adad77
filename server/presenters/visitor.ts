import { firstNameOf, type PublicPass, type VisitorBlockView, type VisitorEventPayload, type VisitorView } from '../../shared/schemas/visitors';
import type { User } from '../models';
import type { VisitorBlockRow, VisitorRow } from '../rows/visitors';
import { allowedActions, canSharePass, managesVisitor } from '../policies/visitors';
import { fullName } from '../../shared/format';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * A pass as the user reads it. The code and the link go to who manages the pass (its host and
 * administrators); the desk reads who the visitor is, never the link.
 */
export function presentVisitor(row: VisitorRow, user: User, hosts: boolean): VisitorView {
  const manages = managesVisitor(user, hosts);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    purpose: row.purpose,
    visitType: row.visitType,
    passKind: row.passKind,
    status: row.status,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    host: row.hostName === null ? null : { id: row.hostId, name: fullName(row.hostName, row.hostLastName) },
    expectedArrival: iso(row.expectedArrival),
    expectedDeparture: iso(row.expectedDeparture),
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    weekdays: row.weekdays,
    maxUses: row.maxUses,
    uses: row.uses,
    vehiclePlate: row.vehiclePlate,
    notes: row.notes,
    accessCode: manages ? row.accessCode : null,
    passToken: canSharePass(user, row, hosts) ? row.passToken : null,
    checkInTime: iso(row.checkInTime),
    checkOutTime: iso(row.checkOutTime),
    checkedInBy: row.checkedInByName || null,
    checkedOutBy: row.checkedOutByName || null,
    cancelledReason: row.cancelledReason,
    walkIn: row.walkIn,
    decisionDueAt: iso(row.decisionDueAt),
    inside: Boolean(row.inside),
    anonymised: row.anonymizedAt !== null,
    version: row.version,
    actions: allowedActions(user, row, hosts),
  };
}

/** The public pass: the visitor's first name, the building, the validity, the status and the code. Nothing else. */
export function presentPass(row: VisitorRow): PublicPass {
  return {
    firstName: firstNameOf(row.name),
    propertyName: row.propertyName,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    weekdays: row.weekdays,
    status: row.status,
    accessCode: row.accessCode,
  };
}

export function visitorPayload(row: VisitorRow, extra: Partial<VisitorEventPayload> = {}): VisitorEventPayload {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    hostId: row.hostId,
    visitType: row.visitType,
    walkIn: row.walkIn,
    uses: row.uses,
    decisionDueAt: iso(row.decisionDueAt),
    ...extra,
  };
}

export const presentBlock = (row: VisitorBlockRow): VisitorBlockView => ({
  id: row.id,
  propertyId: row.propertyId,
  unitId: row.unitId,
  unitNumber: row.unitNumber,
  name: row.name,
  reason: row.reason,
  createdAt: iso(row.createdAt)!,
});
