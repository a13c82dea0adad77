import type { RESIDENT_STATUSES } from '@shared/enums';

export type ResidentStatus = (typeof RESIDENT_STATUSES)[number];

/**
 * A resident as the API answers it (server/presenters/resident.ts). `email`, `username` and
 * `phone` are null when the viewer may not see them (a neighbour).
 */
export type Resident = {
  id: number;
  userId: number;
  propertyId: number;
  propertyName: string;
  unitId: number | null;
  unitNumber: string | null;
  name: string;
  lastName: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
  status: ResidentStatus;
  startDate: string | null;
  endDate: string | null;
  isPrimary: boolean;
  /** 'YYYY-MM-DD' */
  joinDate: string;
  avatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** Sent back by an edit (409 when the residence changed since). */
  version: number;
};
