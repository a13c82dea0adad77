import { db } from '../../../server/db';
import { PNG_PROOF, day } from '../../support/billing';
import type { InputCase } from './types';

/** Finances' files: an invoice photo added to an expense already recorded. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/expenses/:id/attachments',
    request: async (tenant) => {
      const [operating] = await db()('funds').where({ propertyId: tenant.property.id }).orderBy('id');
      const [expense] = await db()('expenses')
        .insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, fundId: operating.id, category: 'repairs', issueDate: day(-1), amount: 100_000, itbis: 0, description: 'Reparación de bomba' })
        .returning('id');
      return { path: `/api/expenses/${expense.id}/attachments`, body: { fileName: 'factura.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') } };
    },
  },
];
