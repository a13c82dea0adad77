import { db } from '../../../server/db';
import { PNG_PROOF, day } from '../../support/billing';
import type { IsolationCase, World } from './types';

/** The other organization's expense with its invoice photo, with telling texts. */
async function otherInvoice(world: World) {
  const { other } = world;
  const [operating] = await db()('funds').where({ propertyId: other.property.id }).orderBy('id');
  const [expense] = await db()('expenses')
    .insert({
      organizationId: other.organization.id,
      propertyId: other.property.id,
      fundId: operating.id,
      category: 'repairs',
      issueDate: day(-1),
      amount: 1_000,
      itbis: 0,
      description: `Gasto ajeno ${other.property.name}`,
      invoiceNumber: 'FACT-AJENA-2',
    })
    .returning('id');
  const [attachment] = await db()('expenseAttachments')
    .insert({ organizationId: other.organization.id, expenseId: expense.id, fileName: 'factura-ajena.png', fileType: 'image/png', sizeBytes: PNG_PROOF.length, content: PNG_PROOF })
    .returning('id');
  return { expenseId: expense.id as number, attachmentId: attachment.id as number, fundId: operating.id as number };
}

const secrets = () => ['Gasto ajeno', 'FACT-AJENA', 'factura-ajena'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
/** Administrators' only: other roles 403; an administrator gets 404 for the other organization's rows. */
const hidden = (as: (typeof ROLES)[number]) => (as === 'admin' ? 404 : 403);
const each = (route: string, request: IsolationCase['request'], expect: (as: (typeof ROLES)[number]) => number = hidden): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, expect: expect(as), mustNotContain: secrets }));

export const cases: IsolationCase[] = [
  // An invoice is the owners' and residents' to open only through a published report under the transparency switch: 404 otherwise; suppliers 403.
  ...each('GET /api/expenses/:id/attachments/:attachmentId', async (world) => {
    const { expenseId, attachmentId } = await otherInvoice(world);
    return { path: `/api/expenses/${expenseId}/attachments/${attachmentId}` };
  }, (as) => (as === 'supplier' ? 403 : 404)),
  ...each('POST /api/expenses/:id/attachments', async (world) => ({
    path: `/api/expenses/${(await otherInvoice(world)).expenseId}/attachments`,
    body: { fileName: 'intruso.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') },
  })),
  // Unfiltered, the export answers administrators with nothing of the other organization; filtered by its rows, 404.
  ...each('GET /api/expenses/export.csv', async (world) => {
    await otherInvoice(world);
    return { path: '/api/expenses/export.csv' };
  }, (as) => (as === 'admin' ? 200 : 403)),
  ...each('GET /api/expenses/export.csv', async (world) => {
    await otherInvoice(world);
    return { path: `/api/expenses/export.csv?propertyId=${world.other.property.id}` };
  }),
  ...each('GET /api/expenses/export.csv', async (world) => ({ path: `/api/expenses/export.csv?fundId=${(await otherInvoice(world)).fundId}` })),
];
