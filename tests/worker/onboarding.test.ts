import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { expireExports } from '../../server/commands/exports/exports';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import type { LiveEvent } from '../../shared/events';
import { JOBS, importJobId } from '../../shared/jobs';
import { WORKER_IMPORT_ROWS } from '../../shared/onboarding';
import { createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { checkBooks } from '../support/books';
import { todayThere } from '../../shared/time';
import { useLiveWorld } from '../support/live-world';

/**
 * Onboarding's worker jobs end to end: a live server whose relay enqueues the import's and the
 * export's job, a real BullMQ worker, real Redis, and the administrator's socket.
 */
const world = useLiveWorld();
const { api } = world;
const queue = world.queues.onboarding;

async function office() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Ámbar' });
  return { organization, admin, property, cookie: await world.cookie(admin), socket: await world.connect(admin) };
}

const unitsCsv = (count: number, from = 1) =>
  Buffer.from(['Unidad;Piso;Área m²', ...Array.from({ length: count }, (_, i) => `U${from + i};${Math.floor((from + i) / 20)};80,5`)].join('\r\n')).toString('base64');
const of = (type: string, id: number) => (event: LiveEvent) => event.type === type && event.subjectId === id;

describe('with a worker', () => {
  world.useWorker();

  it('applies a big import in the worker with live progress; running its job again changes nothing', async () => {
    const t = await office();
    const rows = WORKER_IMPORT_ROWS * 3;
    const preview = await api('POST', '/api/imports', t.cookie, { kind: 'units', propertyId: t.property.id, file: { fileName: 'grande.csv', content: unitsCsv(rows) } });
    expect(preview.status).toBe(201);
    const applying = await api('POST', `/api/imports/${preview.body.id}/apply`, t.cookie, {});
    expect(applying.status).toBe(202);
    expect(applying.body).toMatchObject({ status: 'applying', progress: 0, totals: { create: rows } });

    const finished = await t.socket.next(of('import.finished', preview.body.id), 60_000);
    expect(finished.payload).toMatchObject({ id: preview.body.id, kind: 'units', fileName: 'grande.csv', status: 'applied', totals: { rows, create: rows } });
    const progress = t.socket.events.filter(of('import.progress', preview.body.id)).map((event) => event.payload.progress as number);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(Math.max(...progress)).toBe(99);
    expect(t.socket.events.findIndex(of('import.finished', preview.body.id))).toBeGreaterThan(t.socket.events.findIndex(of('import.progress', preview.body.id)));

    const stored = await api('GET', `/api/imports/${preview.body.id}`, t.cookie);
    expect(stored.body).toMatchObject({ status: 'applied', progress: 100 });
    expect(await db()('units').where({ propertyId: t.property.id }).count({ count: '*' }).first()).toEqual({ count: rows });
    expect(await db()('events').where({ type: 'unit.created', propertyId: t.property.id }).count({ count: '*' }).first()).toEqual({ count: rows });
    // The import shows in its administrator's activity feed (finished on top, not each step).
    const feed = await api('GET', '/api/dashboard', t.cookie);
    expect(feed.body.recentActivity[0]).toMatchObject({ type: 'import.finished' });
    expect(feed.body.recentActivity.map((event: { type: string }) => event.type)).not.toContain('import.progress');

    // The job run again (a re-delivered event, the sweep) finds it applied and does nothing.
    const job = await queue.getJob(importJobId(preview.body.id));
    expect(job?.returnvalue).toMatchObject({ applied: true });
    await queue.remove(importJobId(preview.body.id));
    await queue.add(JOBS.applyImport, { importId: preview.body.id }, { jobId: importJobId(preview.body.id) });
    await waitFor(async () => (await queue.getJob(importJobId(preview.body.id)))?.finishedOn, 10_000, 'el trabajo repetido');
    expect((await queue.getJob(importJobId(preview.body.id)))?.returnvalue).toEqual({ applied: false, reason: 'not-applying' });
    expect(await db()('units').where({ propertyId: t.property.id }).count({ count: '*' }).first()).toEqual({ count: rows });
  }, 120_000);

  it('applies a big opening balances file in the worker: charges and credits to the centavo, the credit spent by the next charge; twice changes nothing', async () => {
    const t = await office();
    // The fixture's rows (201 has RD$ 50.00 in its favour), then enough units for the worker, every other one a credit.
    const fixtureLines = readFileSync(path.resolve(import.meta.dirname, '../fixtures/onboarding/saldos.csv'), 'latin1').trim().split(/\r?\n/);
    const count = WORKER_IMPORT_ROWS;
    const amountOf = (i: number) => (i % 2 ? -(i * 100 + 1) : i * 100 + 99);
    const generated = Array.from({ length: count }, (_, i) => `S${i + 1};${(amountOf(i + 1) / 100).toFixed(2).replace('.', ',')};31/10/2026`);
    await db()('units').insert(['101', '102', '201', '202', ...Array.from({ length: count }, (_, i) => `S${i + 1}`)].map((unitNumber) => ({ propertyId: t.property.id, unitNumber })));
    const file = { fileName: 'saldos-grande.csv', content: Buffer.from([...fixtureLines, ...generated].join('\r\n'), 'latin1').toString('base64') };
    const expectedCredit = 5_000 + Array.from({ length: count }, (_, i) => amountOf(i + 1)).filter((amount) => amount < 0).reduce((sum, amount) => sum - amount, 0);
    const expectedOwed = 450_050 + 120_000 + Array.from({ length: count }, (_, i) => amountOf(i + 1)).filter((amount) => amount > 0).reduce((sum, amount) => sum + amount, 0);

    const preview = await api('POST', '/api/imports', t.cookie, { kind: 'balances', propertyId: t.property.id, file });
    expect(preview.status).toBe(201);
    expect(preview.body.totals).toEqual({ rows: count + 5, create: count + 3, update: 0, unchanged: 0, error: 2 });
    expect((await api('POST', `/api/imports/${preview.body.id}/apply`, t.cookie, { mode: 'valid' })).body).toMatchObject({ status: 'applying' });
    const finished = await t.socket.next(of('import.finished', preview.body.id), 90_000);
    expect(finished.payload).toMatchObject({ status: 'applied', totals: { create: count + 3, error: 2 } });

    const credits = await db()('payments').where({ propertyId: t.property.id }).select('unitId', 'amount', 'allocatedAmount', 'status', 'receiptNumber', 'reference', 'recordedById');
    expect(credits).toHaveLength(count / 2 + 1);
    expect(credits.every((row) => row.status === 'confirmed' && row.reference === 'Saldo anterior' && row.recordedById === t.admin.id && row.allocatedAmount === 0)).toBe(true);
    expect(new Set(credits.map((row) => row.receiptNumber)).size).toBe(credits.length);
    expect(credits.reduce((sum, row) => sum + row.amount, 0)).toBe(expectedCredit);
    const summary = await api('GET', `/api/billing/summary?propertyId=${t.property.id}`, t.cookie);
    expect(summary.body).toMatchObject({ outstanding: expectedOwed, credit: expectedCredit });
    const unit = await db()('units').where({ propertyId: t.property.id, unitNumber: '201' }).first('id');
    expect((await api('GET', `/api/units/${unit.id}/statement`, t.cookie)).body).toMatchObject({ closingBalance: -5_000 });

    // The same file again: all unchanged, and applying it writes nothing.
    const counts = async () => ({
      charges: (await db()('charges').where({ propertyId: t.property.id })).length,
      payments: (await db()('payments').where({ propertyId: t.property.id })).length,
      entries: (await db()('journalEntries').where({ propertyId: t.property.id })).length,
    });
    const before = await counts();
    const again = await api('POST', '/api/imports', t.cookie, { kind: 'balances', propertyId: t.property.id, file });
    expect(again.body.totals).toEqual({ rows: count + 5, create: 0, update: 0, unchanged: count + 3, error: 2 });
    await api('POST', `/api/imports/${again.body.id}/apply`, t.cookie, { mode: 'valid' });
    await t.socket.next(of('import.finished', again.body.id), 60_000);
    expect(await counts()).toEqual(before);

    // 201's next charge is paid from its credit.
    const charge = await api('POST', '/api/charges', t.cookie, { unitId: unit.id, type: 'maintenance', amount: 7_550, dueDate: '2027-01-05', description: 'Cuota de enero' });
    expect(charge.body).toMatchObject({ status: 'pending', paidAmount: 5_000 });
    expect((await api('GET', `/api/units/${unit.id}/statement`, t.cookie)).body).toMatchObject({ totalCharges: 7_550, totalPayments: 5_000, closingBalance: 2_550 });
    expect((await api('GET', `/api/billing/summary?propertyId=${t.property.id}`, t.cookie)).body).toMatchObject({ outstanding: expectedOwed + 2_550, credit: expectedCredit - 5_000 });
    await checkBooks(t.property.id, [todayThere()]);
  }, 120_000);

  it('fails an all-or-nothing import whose rows stopped being valid before the worker ran, writing nothing', async () => {
    const t = await office();
    const owner = await createUser({ role: 'Propietario', organizationId: t.organization.id, username: `dueno-${t.property.id}@ejemplo.do` });
    const csv = Buffer.from(['Unidad;Correo del propietario', ...Array.from({ length: WORKER_IMPORT_ROWS + 1 }, (_, i) => `P${i};${owner.username}`)].join('\n')).toString('base64');
    const preview = await api('POST', '/api/imports', t.cookie, { kind: 'units', propertyId: t.property.id, file: { fileName: 'duenos.csv', content: csv } });
    expect(preview.body.totals).toMatchObject({ error: 0 });
    // The owner stops being one between the request and the job: the worker must plan again.
    await world.queues.onboarding.pause();
    expect((await api('POST', `/api/imports/${preview.body.id}/apply`, t.cookie, {})).status).toBe(202);
    await db()('users').where({ id: owner.id }).update({ role: 'Residente' });
    await world.queues.onboarding.resume();
    const finished = await t.socket.next(of('import.finished', preview.body.id), 30_000);
    expect(finished.payload).toMatchObject({ status: 'failed' });
    const stored = await api('GET', `/api/imports/${preview.body.id}`, t.cookie);
    expect(stored.body).toMatchObject({ status: 'failed', failure: 'Algunas filas ya no son válidas con los datos actuales; no se escribió nada' });
    expect(await db()('units').where({ propertyId: t.property.id })).toHaveLength(0);
  }, 60_000);

  it('exports the organization as a zip of CSVs, linked in the inbox; one property only; kept 24 hours', async () => {
    const t = await office();
    const { user: resident, unit } = await createResident({ property: t.property, user: { name: 'Rosa', lastName: '=HYPERLINK("x")' } });
    const other = await createProperty({ organizationId: t.organization.id, name: 'Plaza Sur' });
    await db()('units').insert({ propertyId: other.id, unitNumber: 'L-1' });
    const stranger = await createProperty({ organizationId: (await createOrganization()).id });
    expect((await api('POST', '/api/exports', t.cookie, { propertyId: stranger.id })).status).toBe(404);

    const asked = await api('POST', '/api/exports', t.cookie, {});
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'building', propertyId: null, downloadUrl: null });
    const ready = await t.socket.next(of('export.ready', asked.body.id), 30_000);
    expect(ready.payload).toMatchObject({ id: asked.body.id, status: 'ready' });
    await waitFor(() => db()('notifications').where({ userId: t.admin.id, type: 'export.ready', link: `/admin/system-settings?exportId=${asked.body.id}` }).first(), 10_000, 'la notificación');
    const inbox = await api('GET', '/api/notifications', t.cookie);
    expect(JSON.stringify(inbox.body)).toContain('Su exportación está lista');

    const status = await api('GET', `/api/exports/${asked.body.id}`, t.cookie);
    expect(status.body).toMatchObject({ status: 'ready', downloadUrl: `/api/exports/${asked.body.id}/download`, counts: { 'unidades.csv': 2, 'propiedades.csv': 2, 'personas.csv': 1 } });
    expect(status.body.fileName).toMatch(/^vecindad-.*\.zip$/);
    expect(new Date(status.body.expiresAt).getTime() - new Date(status.body.readyAt).getTime()).toBe(24 * 3600_000);

    const download = await fetch(`${world.server.url}/api/exports/${asked.body.id}/download`, { headers: { cookie: t.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['cargos.csv', 'documentos.csv', 'gastos.csv', 'mantenimiento.csv', 'pagos.csv', 'personas.csv', 'propiedades.csv', 'reservas.csv', 'unidades.csv', 'visitantes.csv']);
    const csv = (name: string) => strFromU8(files[name]).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(csv('unidades.csv')[0].split(',')).toEqual(expect.arrayContaining(['id', 'propertyId', 'unitNumber', 'floor', 'ownerId', 'share']));
    expect(csv('unidades.csv').slice(1).map((line) => line.split(',')[0]).sort()).toHaveLength(2);
    expect(csv('propiedades.csv').join('\n')).toContain('Torre Ámbar');
    const people = csv('personas.csv');
    expect(people[0]).toBe('id,name,lastName,email,phone,identificationNumber,role,isActive,residences,ownedUnits');
    expect(csv('visitantes.csv')[0]).not.toContain('accessCode');
    // A cell a spreadsheet would run as a formula stays text (the one CSV module's rule).
    expect(people[1]).toContain(`${resident.id},Rosa,"'=HYPERLINK(""x"")"`);
    expect(people[1]).toContain(`Torre Ámbar ${unit.unitNumber} (active`);
    for (const name of Object.keys(files)) expect(strFromU8(files[name])).not.toMatch(/scrypt\$/);

    const one = await api('POST', '/api/exports', t.cookie, { propertyId: other.id });
    await t.socket.next(of('export.ready', one.body.id), 30_000);
    expect((await api('GET', `/api/exports/${one.body.id}`, t.cookie)).body.counts).toMatchObject({ 'propiedades.csv': 1, 'unidades.csv': 1, 'personas.csv': 0 });

    // Another organization's administrator: 404; past its 24 hours, the sweep empties it (410).
    const outsider = await createUser({ role: 'Administrador', organizationId: stranger.organizationId });
    expect((await api('GET', `/api/exports/${asked.body.id}`, await world.cookie(outsider))).status).toBe(404);
    await db()('exports').where({ id: asked.body.id }).update({ expiresAt: db().raw("now() - interval '1 second'") });
    await transaction((trx) => expireExports(trx));
    expect((await api('GET', `/api/exports/${asked.body.id}`, t.cookie)).body).toMatchObject({ status: 'expired', downloadUrl: null });
    expect((await api('GET', `/api/exports/${asked.body.id}/download`, t.cookie)).status).toBe(410);
    expect(await db()('exports').where({ id: asked.body.id }).first('content')).toEqual({ content: null });
  }, 60_000);
});
