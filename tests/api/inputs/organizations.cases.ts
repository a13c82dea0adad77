import { createOrganization, unique } from '../../support/factories';
import { TINY_PNG } from '../isolation/world';
import type { InputCase } from './types';

const organizationForm = () => ({
  name: unique('Inmobiliaria'),
  type: 'client',
  status: 'active',
  parentId: 'no-parent',
  domain: `${unique('inmo')}.vecindad.test`,
  logo: 'https://vecindad.do/logo.png',
  primaryColor: '#2563eb',
  secondaryColor: '#db2777',
  accentColor: '#f59e0b',
  address: 'Av. Winston Churchill 25, Santo Domingo',
  subscriptionPlan: 'Profesional',
  maxUsers: '50',
  maxProperties: '10',
  contactEmail: 'contacto@inmo.do',
  contactPhone: '809-555-0100',
});

/** Organizations and the system settings of one. */
export const cases: InputCase[] = [
  { route: 'GET /api/organizations', request: () => ({ path: '/api/organizations?q=Inmo&limit=10&offset=0' }) },
  { route: 'POST /api/organizations', request: () => ({ path: '/api/organizations', body: organizationForm() }) },
  {
    route: 'PUT /api/organizations/:id',
    request: async (tenant) => {
      const child = await createOrganization({ parentId: tenant.organization.id });
      return { path: `/api/organizations/${child.id}`, body: { ...organizationForm(), parentId: String(tenant.organization.id) } };
    },
  },
  { route: 'DELETE /api/organizations/:id', noText: 'Takes no body and no query.' },
  {
    route: 'PUT /api/settings',
    request: () => ({
      path: '/api/settings',
      body: {
        appName: 'Vecindad Caribe',
        companyName: 'Caribe Administración',
        appDescription: 'Administración de edificios\nen Santo Domingo',
        contactEmail: 'hola@caribe.do',
        contactPhone: '809-555-0101',
        rnc: '1-30-12345-4',
        primaryColor: '#2563eb',
        secondaryColor: '#db2777',
        accentColor: '#f59e0b',
        textColor: '#1f2937',
        backgroundColor: '#f8fafc',
        features: { documents: true, billing: false },
        showRegistrationForm: false,
      },
    }),
  },
  {
    route: 'PUT /api/settings/logo',
    request: () => ({ path: '/api/settings/logo', body: { fileName: 'logo.png', fileType: 'image/png', content: TINY_PNG } }),
  },
  { route: 'DELETE /api/settings/logo', noText: 'Takes no body and no query.' },
  { route: 'GET /api/logos/:key', noText: 'Only the key in the path: 32 hex characters, anything else answers 404.' },
];
