/** A join request with its person, property and decider (alias j). */
export type JoinRequestRow = {
  id: number;
  status: 'pending' | 'approved' | 'declined';
  organizationId: number;
  userId: number;
  propertyId: number | null;
  propertyName: string | null;
  propertyReference: string | null;
  residentId: number | null;
  createdAt: Date;
  decidedAt: Date | null;
  name: string;
  lastName: string | null;
  username: string;
  email: string | null;
  phone: string | null;
  unitNumber: string | null;
  decidedByName: string | null;
};
