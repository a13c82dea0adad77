import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { pdfText } from '../support/billing';
import { createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { useLiveWorld } from '../support/live-world';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../support/smtp';

/**
 * The convening email end to end: a live server, a real BullMQ worker and a real SMTP server
 * in this process. The email carries the notice (PDF, with the agenda) and the calendar file
 * (.ics, at the first call in the organization's zone), rendered by the worker from the
 * references the outbox keeps.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const world = useLiveWorld();
const { api } = world;
beforeAll(async () => {
  await world.startWorker({ smtpUrl: smtp.url });
});

const attachment = (mail: ReceivedEmail, type: string) => mail.attachments.find((file) => file.contentType === type);

describe('convening an assembly', () => {
  it('emails every owner the notice PDF and the .ics at the first call in the organization’s zone, in their language', async () => {
    const organization = await createOrganization({ settings: { appName: 'Torre Vista Mar', companyName: 'Caribe Administración' } });
    const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
    const property = await createProperty({ organizationId: organization.id, name: 'Torre Vista Mar' });
    const ana = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Ana', lastName: 'Pérez' });
    const john = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'John', lastName: 'Smith', language: 'en' });
    await createUnit({ propertyId: property.id, unitNumber: '101', share: 60, ownerId: ana.id });
    await createUnit({ propertyId: property.id, unitNumber: '102', share: 40, ownerId: john.id });
    const cookie = await world.cookie(admin);

    // 7:00 p. m. in Santo Domingo (UTC-4) on 15 March 2027 is 23:00 UTC.
    const created = await api('POST', '/api/assemblies', cookie, {
      propertyId: property.id,
      kind: 'ordinary',
      title: 'Asamblea ordinaria 2027',
      firstCallAt: '2027-03-15T23:00:00.000Z',
      place: 'Salón de eventos',
      items: [{ title: 'Presupuesto 2027' }, { title: 'Informe de la administración', kind: 'informative' }],
    });
    expect(created.status).toBe(201);
    const assemblyId = created.body.id as number;
    expect((await api('POST', `/api/assemblies/${assemblyId}/convene`, cookie)).status).toBe(200);

    const mail = await smtp.next(ana.email!, (m) => m.subject === 'Convocatoria: Asamblea ordinaria 2027', 15_000);
    expect(mail.text).toContain('Adjuntos');
    expect(mail.attachments).toHaveLength(2);

    const pdf = attachment(mail, 'application/pdf')!;
    expect(pdf.filename).toBe(`convocatoria-${assemblyId}.pdf`);
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const notice = await pdfText(pdf.content);
    expect(notice).toContain('Orden del día');
    expect(notice).toContain('Presupuesto 2027');

    const ics = attachment(mail, 'text/calendar')!;
    expect(ics.filename).toBe(`asamblea-${assemblyId}.ics`);
    const calendar = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Asamblea ordinaria 2027');
    expect(event.location).toBe('Salón de eventos');
    expect(event.startDate.zone.tzid).toBe('America/Santo_Domingo');
    expect([event.startDate.year, event.startDate.month, event.startDate.day, event.startDate.hour, event.startDate.minute]).toEqual([2027, 3, 15, 19, 0]);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-15T23:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-16T01:00:00.000Z');

    // The English owner's notice is in English.
    const english = await smtp.next(john.email!, (m) => m.subject === 'Notice of meeting: Asamblea ordinaria 2027', 15_000);
    const englishPdf = attachment(english, 'application/pdf')!;
    expect(englishPdf.filename).toBe(`notice-${assemblyId}.pdf`);
    expect(await pdfText(englishPdf.content)).toContain('Agenda');
    expect(attachment(english, 'text/calendar')!.content.toString('utf8')).toContain('DTSTART;TZID=America/Santo_Domingo:20270315T190000');

    // The outbox keeps references, not the files.
    const rows = await db()('emailOutbox').where({ organizationId: organization.id }).select('attachments', 'status');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect(row.attachments).toEqual([
        { kind: 'assembly_notice', id: assemblyId },
        { kind: 'assembly_invite', id: assemblyId },
      ]);
    }
    // Nobody else of the property was written to (the administrator convened it).
    expect(smtp.to(admin.email!)).toHaveLength(0);
  });
});
