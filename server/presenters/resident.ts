import type { User } from '../models';
import type { ResidentRow } from '../rows/residents';
import { seesContactOf } from '../policies/residents';

const isoDate = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

/**
 * A resident as the API answers it (directory, property residents, profile). `email`,
 * `username` and `phone` are null unless the viewer may see them (never another resident's
 * to a Residente). `joinDate` is the start date of the residence, else the day it was added.
 */
export function presentResident(row: ResidentRow, viewer: User) {
  const contact = seesContactOf(viewer, row);
  return {
    id: row.id,
    userId: row.userId,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    name: row.name,
    lastName: row.lastName,
    username: contact ? row.username : null,
    email: contact ? row.email : null,
    phone: contact ? row.phone : null,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    isPrimary: row.isPrimary,
    joinDate: row.startDate ?? isoDate(row.createdAt),
    avatarUrl: row.avatarType ? `/api/users/${row.userId}/avatar?v=${new Date(row.userUpdatedAt).getTime()}` : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}
export type PresentedResident = ReturnType<typeof presentResident>;

/** A user linked to a property (spec "Property user"). */
export function presentPropertyUser(user: Pick<User, 'id' | 'name' | 'lastName' | 'username' | 'email' | 'role'>) {
  return { id: user.id, name: user.name, lastName: user.lastName, username: user.username, email: user.email, role: user.role };
}
