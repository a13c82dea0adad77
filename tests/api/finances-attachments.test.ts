import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { adminWorld, createResident, createUser, eventsOf, signedIn } from '../support/factories';
import { PNG_PROOF, day } from '../support/billing';
import { testApp } from '../support/services';

await testApp();

type Agent = Awaited<ReturnType<typeof signedIn>>;
type Fund = { id: number; kind: string };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const png = (name = 'factura.png') => ({ fileName: name, fileType: 'image/png', content: PNG_PROOF.toString('base64') });

async function financesWorld() {
  const world = await adminWorld({ name: 'Administradora Caribe' });
  const [operating] = (await world.agent.get(`/api/properties/${world.property.id}/funds`).expect(200)).body as Fund[];
  return { ...world, operating };
}

const expense = (agent: Agent, fields: Record<string, unknown>, key?: string) => {
  const request = agent.post('/api/expenses');
  if (key) request.set('Idempotency-Key', key);
  return request.send({ category: 'repairs', issueDate: day(-3), amount: 150_000, itbis: 27_000, description: 'Reparación de bomba de agua', ...fields });
};

describe('expense attachments', () => {
  it('records an expense with its invoice photo and PDF, checked by content, and serves them as checked', async () => {
    const { agent, property, operating } = await financesWorld();
    const created = await expense(
      agent,
      { propertyId: property.id, fundId: operating.id, attachments: [png(), { fileName: 'factura.pdf', fileType: 'application/pdf', content: `data:application/pdf;base64,${PDF.toString('base64')}` }] },
      'expense-attach-0001',
    );
    expect(created.status).toBe(201);
    expect(created.body.attachments).toHaveLength(2);
    expect(created.body.attachments[0]).toMatchObject({ fileName: 'factura.png', fileType: 'image/png', sizeBytes: PNG_PROOF.length });
    expect(created.body.attachments[1]).toMatchObject({ fileName: 'factura.pdf', fileType: 'application/pdf', sizeBytes: PDF.length });

    const again = await expense(
      agent,
      { propertyId: property.id, fundId: operating.id, attachments: [png(), { fileName: 'factura.pdf', fileType: 'application/pdf', content: `data:application/pdf;base64,${PDF.toString('base64')}` }] },
      'expense-attach-0001',
    );
    expect(again.status).toBe(200);
    expect(await db()('expenseAttachments').where({ expenseId: created.body.id })).toHaveLength(2);

    const shown = await agent.get(created.body.attachments[0].url).buffer(true);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-disposition']).toMatch(/^inline/);
    expect(Buffer.compare(shown.body as Buffer, PNG_PROOF)).toBe(0);
    const pdf = await agent.get(created.body.attachments[1].url).buffer(true);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const detail = (await agent.get(`/api/expenses/${created.body.id}`).expect(200)).body;
    expect(detail.attachments.map((file: { fileName: string }) => file.fileName)).toEqual(['factura.png', 'factura.pdf']);
  });

  it('adds a file to an expense already recorded, also once paid, and tells the administrators', async () => {
    const { agent, property, operating } = await financesWorld();
    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id }).expect(201)).body;
    expect(created.attachments).toEqual([]);
    await agent.post(`/api/expenses/${created.id}/payments`).send({ amount: 177_000, paidAt: day(-1), method: 'bank_transfer' }).expect(201);
    const added = await agent.post(`/api/expenses/${created.id}/attachments`).send(png('recibo.png'));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'paid', attachments: [{ fileName: 'recibo.png', fileType: 'image/png' }] });
    const events = await eventsOf('expense.updated', created.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ changed: ['attachments'], attachment: { fileName: 'recibo.png' } });
  });

  it('refuses a disguised file, a bad base64 and a file over 10 MB; nothing is stored', async () => {
    const { agent, property, operating } = await financesWorld();
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const disguised = await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: [png(), { fileName: 'factura.png', fileType: 'image/png', content: html }] });
    expect(disguised.status).toBe(400);
    expect(disguised.body.fields['attachments.1.fileType']).toBe('Adjunte una foto (JPG o PNG) o un PDF');
    const renamed = await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: [{ ...png(), fileName: 'factura.pdf' }] });
    expect(renamed.status).toBe(400);
    const pdfAsPng = await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: [{ fileName: 'f.png', fileType: 'image/png', content: PDF.toString('base64') }] });
    expect(pdfAsPng.status).toBe(400);
    const svg = await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: [{ fileName: 'f.svg', fileType: 'image/svg+xml', content: html }] });
    expect(svg.status).toBe(400);
    expect(svg.body.fields['attachments.0.fileType']).toBe('Adjunte una foto (JPG o PNG) o un PDF');
    const garbage = await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: [{ ...png(), content: 'no es base64!' }] });
    expect(garbage.status).toBe(400);
    expect(garbage.body.fields['attachments.0.content']).toBe('El archivo adjunto no es válido');
    expect(await db()('expenses').where({ propertyId: property.id })).toHaveLength(0);

    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id }).expect(201)).body;
    const photo = Buffer.concat([PNG_PROOF, Buffer.alloc(3 * 1024 * 1024, 7)]);
    expect((await agent.post(`/api/expenses/${created.id}/attachments`).send({ ...png(), content: photo.toString('base64') })).status).toBe(201);
    const huge = Buffer.concat([PNG_PROOF, Buffer.alloc(10 * 1024 * 1024, 7)]);
    const tooLarge = await agent.post(`/api/expenses/${created.id}/attachments`).send({ ...png(), content: huge.toString('base64') });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('El archivo supera los 10 MB');
    const disguisedLater = await agent.post(`/api/expenses/${created.id}/attachments`).send({ ...png(), content: html });
    expect(disguisedLater.status).toBe(400);
    expect(disguisedLater.body.fields.fileType).toBe('Adjunte una foto (JPG o PNG) o un PDF');
    expect(await db()('expenseAttachments').where({ expenseId: created.id })).toHaveLength(1);
  });

  it('takes at most 5 files per expense (409 past it)', async () => {
    const { agent, property, operating } = await financesWorld();
    const six = await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: Array.from({ length: 6 }, () => png()) });
    expect(six.status).toBe(400);
    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: Array.from({ length: 5 }, () => png()) }).expect(201)).body;
    const sixth = await agent.post(`/api/expenses/${created.id}/attachments`).send(png());
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe('Un gasto admite hasta 5 archivos');
  });

  it('answers 403 to owners, residents and suppliers (404 for an invoice to owners and residents while transparency is off) and 404 to another organization', async () => {
    const { agent, property, operating, organization } = await financesWorld();
    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id, attachments: [png()] }).expect(201)).body;
    const url = created.attachments[0].url;
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    for (const user of [resident, owner, supplier]) {
      const other = await signedIn(user);
      // Owners and residents may read invoices only through a published report with transparency on: off, the file is not theirs to know of.
      expect((await other.get(url)).status).toBe(user === supplier ? 403 : 404);
      expect((await other.post(`/api/expenses/${created.id}/attachments`).send(png())).status).toBe(403);
      expect((await other.get('/api/expenses/export.csv')).status).toBe(403);
    }
    const stranger = (await adminWorld()).agent;
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.post(`/api/expenses/${created.id}/attachments`).send(png())).status).toBe(404);
    expect((await stranger.get(`/api/expenses/export.csv?propertyId=${property.id}`)).status).toBe(404);
    expect((await agent.get(`/api/expenses/${created.id}/attachments/999999`)).status).toBe(404);
    expect(await db()('expenseAttachments').where({ expenseId: created.id })).toHaveLength(1);
  });
});

describe('expense export', () => {
  it('exports the filtered expenses as CSV in the user language, every page', async () => {
    const { agent, property, operating } = await financesWorld();
    await expense(agent, { propertyId: property.id, fundId: operating.id, ncf: 'B0100000123', category: 'electricity', description: '=HYPERLINK("x")' }).expect(201);
    await expense(agent, { propertyId: property.id, fundId: operating.id, category: 'water', description: 'Agua de abril' }).expect(201);
    const csv = await agent.get(`/api/expenses/export.csv?propertyId=${property.id}&category=electricity&limit=1`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/gastos-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Categoría');
    expect(lines[1]).toContain('Electricidad');
    expect(lines[1]).toContain('B0100000123');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('1500.00,270.00,1770.00,0.00,1770.00,Pendiente');
    expect((await agent.get('/api/expenses/export.csv?status=otro')).status).toBe(400);
  });
});
