/** A residence joined with its user, unit and property, as the resident commands read it. */
export type ResidentRow = {
  id: number;
  userId: number;
  propertyId: number;
  propertyName: string;
  /** The owner of the whole property (`properties.owner_id`). */
  propertyOwnerId: number | null;
  organizationId: number;
  unitId: number | null;
  unitNumber: string | null;
  status: 'active' | 'inactive' | 'temporary';
  startDate: string | null;
  endDate: string | null;
  isPrimary: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  name: string;
  lastName: string | null;
  username: string;
  email: string | null;
  phone: string | null;
  avatarType: string | null;
  userUpdatedAt: Date;
};
