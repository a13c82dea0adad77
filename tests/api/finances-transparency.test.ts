import { describe, expect, it } from 'vitest';
import { addDays, todayThere } from '../../shared/time';
import { adminWorld, createProperty, createResident, createUnit, createUser, eventsOf, signedIn } from '../support/factories';
import { PNG_PROOF } from '../support/billing';
import { testApp } from '../support/services';
import { db } from '../../server/db';

await testApp();

/**
 * The transparency switch: with it on, the owners and residents of a property open the invoices
 * of the expenses in its published monthly reports, any other expense (not in a published
 * report, another property's, another organization's) is 404; off, their invoices are 404 too
 * and the published report they read lists no files. Suppliers are refused (403).
 */

type Agent = Awaited<ReturnType<typeof signedIn>>;
const today = todayThere();
const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
const png = { fileName: 'factura.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') };

async function expenseWithInvoice(agent: Agent, propertyId: number, issueDate: string) {
  const [operating] = (await agent.get(`/api/properties/${propertyId}/funds`).expect(200)).body as Array<{ id: number }>;
  const created = await agent
    .post('/api/expenses')
    .send({ propertyId, fundId: operating.id, category: 'cleaning', issueDate, amount: 100_000, itbis: 18_000, description: 'Limpieza', attachments: [png] })
    .expect(201);
  return { id: created.body.id as number, url: `/api/expenses/${created.body.id}/attachments/${created.body.attachments[0].id}` };
}

describe('transparency', () => {
  it('lets owners and residents open the invoices of published reports only while the switch is on', async () => {
    const { agent, organization, property } = await adminWorld();
    const unit = await createUnit({ propertyId: property.id, unitNumber: '3C' });
    const { user: resident } = await createResident({ property, unit });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('units').where({ id: unit.id }).update({ ownerId: owner.id });

    const published = await expenseWithInvoice(agent, property.id, `${lastMonth}-12`);
    const current = await expenseWithInvoice(agent, property.id, today);
    const otherProperty = await createProperty({ organizationId: organization.id });
    const neighbour = await expenseWithInvoice(agent, otherProperty.id, `${lastMonth}-12`);
    await agent.post(`/api/properties/${property.id}/periods/${lastMonth}/close`).send({}).expect(200);
    await agent.post(`/api/properties/${otherProperty.id}/periods/${lastMonth}/close`).send({}).expect(200);
    const { agent: otherAdmin, property: foreignProperty } = await adminWorld();
    const foreign = await expenseWithInvoice(otherAdmin, foreignProperty.id, `${lastMonth}-12`);
    await otherAdmin.post(`/api/properties/${foreignProperty.id}/periods/${lastMonth}/close`).send({}).expect(200);
    await otherAdmin.put('/api/finances/transparency').send({ enabled: true }).expect(200);

    const [residentAgent, ownerAgent] = [await signedIn(resident), await signedIn(owner)];
    const reportPath = `/api/properties/${property.id}/reports/monthly?month=${lastMonth}`;
    const items = (body: { expenses: { byCategory: Array<{ items: Array<{ id: number; invoices?: Array<{ id: number; fileName: string }> }> }> } }) =>
      body.expenses.byCategory.flatMap((group) => group.items);
    // Off (never set): the invoice is not theirs to see (404) and their report lists no files; the administrator opens it and sees it listed.
    expect((await agent.get('/api/finances/transparency').expect(200)).body).toEqual({ enabled: false });
    for (const reader of [residentAgent, ownerAgent]) {
      expect((await reader.get(published.url)).status).toBe(404);
      const report = (await reader.get(reportPath).expect(200)).body;
      expect(report.invoices).toBe(false);
      expect(items(report).map((item) => item.id)).toEqual([published.id]);
      expect(items(report)[0].invoices).toBeUndefined();
    }
    expect((await agent.get(published.url).expect(200)).headers['content-type']).toContain('image/png');
    const adminReport = (await agent.get(reportPath).expect(200)).body;
    expect(adminReport.invoices).toBe(true);
    expect(items(adminReport)[0].invoices).toEqual([{ id: Number(published.url.split('/').pop()), fileName: 'factura.png', fileType: 'image/png' }]);

    // Only administrators set it; bad input is 400 with the field.
    expect((await residentAgent.put('/api/finances/transparency').send({ enabled: true })).status).toBe(403);
    const bad = await agent.put('/api/finances/transparency').send({ enabled: 'sí' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.enabled).toBe('Debe ser verdadero o falso');

    expect((await agent.put('/api/finances/transparency').send({ enabled: true }).expect(200)).body).toEqual({ enabled: true });
    expect(await eventsOf('finances.transparency_updated', organization.id)).toHaveLength(1);
    for (const reader of [residentAgent, ownerAgent]) {
      // The published report links the invoice of its expense, and that link opens it.
      const report = (await reader.get(reportPath).expect(200)).body;
      expect(report.invoices).toBe(true);
      const [invoice] = items(report)[0].invoices!;
      expect(`/api/expenses/${items(report)[0].id}/attachments/${invoice.id}`).toBe(published.url);
      const shown = await reader.get(published.url).buffer(true).expect(200);
      expect(Buffer.compare(shown.body as Buffer, PNG_PROOF)).toBe(0);
      // Not in a published report, another property's, another organization's: 404.
      for (const other of [current, neighbour, foreign]) expect((await reader.get(other.url)).status).toBe(404);
    }
    const supplier = await signedIn(await createUser({ role: 'Suplidor', organizationId: organization.id }));
    expect((await supplier.get(published.url)).status).toBe(403);

    // Off again: 404 again and no files listed; the administrator still opens it.
    await agent.put('/api/finances/transparency').send({ enabled: false }).expect(200);
    for (const reader of [residentAgent, ownerAgent]) {
      expect((await reader.get(published.url)).status).toBe(404);
      expect(items((await reader.get(reportPath).expect(200)).body)[0].invoices).toBeUndefined();
    }
    await agent.get(published.url).expect(200);
  });
});
