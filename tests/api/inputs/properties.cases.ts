import { Resident } from '../../../server/models';
import { createAmenity } from '../../support/factories';
import type { InputCase } from './types';

const propertyForm = {
  name: 'Torre del Mar',
  address: 'Av. George Washington 100',
  country: 'DO',
  city: 'DO-santo-domingo',
  type: 'apartment',
  status: 'occupied',
  description: 'Frente al malecón.\nPiscina y gimnasio.',
  bedrooms: '3',
  bathrooms: '2.5',
  area: '140',
  rent: '4500000',
};

const amenityForm = { name: 'Piscina', type: 'pool', description: 'Abierta\ntodo el año', openingTime: '08:00', closingTime: '20:00', capacity: '20', hourlyRate: '50000' };

const residentOf = async (userId: number) => (await Resident.query().findOne({ userId }))!;

/** Properties, units, residents, users and the amenity catalogue. */
export const cases: InputCase[] = [
  { route: 'GET /api/properties', request: () => ({ path: '/api/properties?q=Torre&limit=10&offset=0' }) },
  { route: 'POST /api/properties', request: () => ({ path: '/api/properties', body: propertyForm }) },
  { route: 'PATCH /api/properties/:id', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}`, body: propertyForm }) },
  { route: 'DELETE /api/properties/:id', noText: 'Takes no body and no query.' },
  { route: 'DELETE /api/properties/:id/image', noText: 'Takes no body and no query.' },
  {
    route: 'PUT /api/properties/:id/image',
    request: (tenant) => ({
      path: `/api/properties/${tenant.property.id}/image`,
      body: { fileType: 'image/png', content: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' },
    }),
  },

  // Units.
  { route: 'GET /api/properties/:id/units', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/units?q=U&limit=10&offset=0` }) },
  {
    route: 'POST /api/properties/:id/units',
    request: (tenant) => ({
      path: `/api/properties/${tenant.property.id}/units`,
      body: { unitNumber: '4B', floor: '4', squareMeters: '85.5', bedrooms: '2', bathrooms: '1.5', monthlyRent: '3500000', isAvailable: true },
    }),
  },
  { route: 'PATCH /api/units/:id', request: (tenant) => ({ path: `/api/units/${tenant.unit.id}`, body: { unitNumber: '4C', floor: '-1', squareMeters: '90' } }) },
  { route: 'DELETE /api/units/:id', noText: 'Takes no body and no query.' },

  // Residents.
  {
    route: 'GET /api/properties/:id/residents',
    request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/residents?q=residente&status=active&limit=10&offset=0` }),
  },
  {
    route: 'POST /api/properties/:id/residents',
    request: (tenant) => ({
      path: `/api/properties/${tenant.property.id}/residents`,
      body: { name: 'Marta', lastName: 'Núñez', username: `marta-${tenant.unit.id}@vecindad.test`, phone: '829-555-0101', unit: '7A', createUnit: true, status: 'active' },
    }),
  },
  {
    route: 'PATCH /api/properties/:id/residents/:residentId',
    request: async (tenant) => ({
      path: `/api/properties/${tenant.property.id}/residents/${(await residentOf(tenant.resident.id)).id}`,
      body: { name: 'Marta', lastName: 'Núñez', phone: '(809) 555-0102', unit: '7B', createUnit: true, status: 'temporary' },
    }),
  },
  { route: 'POST /api/properties/:id/residents/:residentId/deactivate', noText: 'Takes no body and no query.' },
  {
    route: 'GET /api/residents',
    request: (tenant) => ({ path: `/api/residents?q=residente&status=active&propertyId=${tenant.property.id}&limit=10&offset=0` }),
  },
  {
    route: 'GET /api/residents/export',
    request: (tenant) => ({ path: `/api/residents/export?q=residente&status=active&propertyId=${tenant.property.id}` }),
  },
  {
    route: 'POST /api/residents/:id/messages',
    request: async (tenant) => ({
      path: `/api/residents/${(await residentOf(tenant.resident.id)).id}/messages`,
      body: { title: 'Corte de agua', message: 'Mañana de 8:00 a 12:00.\nDisculpe las molestias.' },
    }),
  },

  // Users.
  { route: 'GET /api/users', request: (tenant) => ({ path: `/api/users?role=Propietario&organizationId=${tenant.organization.id}&q=prop&limit=10` }) },
  { route: 'POST /api/users/:id/reset-password', noText: 'Takes no body and no query.' },

  // Amenities.
  { route: 'GET /api/properties/:id/amenities', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/amenities?q=Pisc&limit=10` }) },
  { route: 'GET /api/amenities', request: (tenant) => ({ path: `/api/amenities?q=Pisc&propertyId=${tenant.property.id}&limit=10&offset=0` }) },
  { route: 'POST /api/amenities', request: (tenant) => ({ path: '/api/amenities', body: { ...amenityForm, propertyId: String(tenant.property.id) } }) },
  {
    route: 'PATCH /api/amenities/:id',
    request: async (tenant) => ({ path: `/api/amenities/${(await createAmenity({ propertyId: tenant.property.id })).id}`, body: amenityForm }),
  },
  { route: 'DELETE /api/amenities/:id', noText: 'Takes no body and no query.' },
];
