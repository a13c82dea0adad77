/*
 * Relations are declared only where a query loads them (`withGraphJoined`/`withGraphFetched`):
 * a user's organization at sign-in, a residence's property and unit in the account export.
 * Everything else is read with plain joins, so the models do not import each other in circles.
 */
export { Amenity } from './Amenity';
export { AmenityBooking } from './AmenityBooking';
export { Broadcast } from './Broadcast';
export { Charge } from './Charge';
export { Document } from './Document';
export { Event } from './Event';
export { MaintenanceRequest } from './MaintenanceRequest';
export { MaintenanceUpdate } from './MaintenanceUpdate';
export { Organization } from './Organization';
export { Payment } from './Payment';
export { Property } from './Property';
export { Resident } from './Resident';
export { Unit } from './Unit';
export { User } from './User';
