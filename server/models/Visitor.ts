import { BaseModel } from './BaseModel';

export class Visitor extends BaseModel {
  static override tableName = 'visitors';

  id!: number;
  hostId!: number;
  propertyId!: number;
  unitId!: number | null;
  name!: string;
  email!: string | null;
  phone!: string | null;
  purpose!: string | null;
  visitType!: 'guest' | 'service';
  expectedArrival!: Date | null;
  expectedDeparture!: Date | null;
  checkInTime!: Date | null;
  checkOutTime!: Date | null;
  status!: 'scheduled' | 'checked-in' | 'checked-out' | 'cancelled';
  accessCode!: string;
  notes!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
