import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { adminWorld, createOrganization, createProperty, createResident, createUser, signedIn } from '../support/factories';
import { client, testApp } from '../support/services';
import { checkBooks } from '../support/books';
import { todayThere } from '../../shared/time';

await testApp();

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/onboarding');
const fixture = (name: string) => ({ fileName: name, content: readFileSync(path.join(FIXTURES, name)).toString('base64') });

type Row = { row: number; outcome: string; values: Record<string, string>; errors?: Record<string, string> };
const unitsOf = async (propertyId: number) =>
  (await db()('units').where({ propertyId }).orderBy('unitNumber').select('unitNumber', 'floor', 'squareMeters', 'share')) as Array<{ unitNumber: string; floor: number; squareMeters: number; share: number }>;

describe('POST /api/imports (preview)', () => {
  it('reads a CSV saved by Excel in Spanish (Windows-1252, semicolons, decimal commas), guesses the mapping, and writes nothing', async () => {
    const { property, agent } = await adminWorld();
    const response = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('unidades-excel-es.csv') });
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('previewed');
    expect(response.body.columns).toEqual(['Apto', 'Piso', 'Área m²', 'Alícuota']);
    expect(response.body.mapping).toEqual({ unitNumber: 0, floor: 1, squareMeters: 2, share: 3 });
    expect(response.body.totals).toEqual({ rows: 5, create: 5, update: 0, unchanged: 0, error: 0 });
    expect(response.body.rows.at(-1)).toMatchObject({ row: 6, outcome: 'create', values: { unitNumber: 'Local Peñón', squareMeters: '120,75' } });
    expect(await unitsOf(property.id)).toEqual([]);
  });

  it('reads the first sheet of an XLSX, or the one named, with English headers', async () => {
    const { property, agent } = await adminWorld();
    const first = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('edificio-dos-hojas.xlsx') });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ sheet: 'Unidades', sheets: ['Unidades', 'Suplidores'], mapping: { unitNumber: 0, floor: 1, squareMeters: 2, share: 3 } });
    expect(first.body.rows.map((row: Row) => row.values.unitNumber)).toEqual(['1A', '1B', '2A']);
    const second = await agent.post('/api/imports').send({ kind: 'suppliers', propertyId: property.id, sheet: 'Suplidores', file: fixture('edificio-dos-hojas.xlsx') });
    expect(second.status).toBe(201);
    expect(second.body.totals).toMatchObject({ rows: 2, create: 2, error: 0 });
    const missing = await agent.post('/api/imports').send({ kind: 'suppliers', propertyId: property.id, sheet: 'Otra', file: fixture('edificio-dos-hojas.xlsx') });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.sheet).toBe('El libro no tiene esa hoja');
  });

  it('lists each of the 20 bad rows with its row and field, in the forms’ words, and their CSV', async () => {
    const { property, agent } = await adminWorld();
    const response = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('unidades-errores.csv') });
    expect(response.status).toBe(201);
    expect(response.body.totals).toEqual({ rows: 22, create: 2, update: 0, unchanged: 0, error: 20 });
    const errors = Object.fromEntries((response.body.rows as Row[]).filter((row) => row.outcome === 'error').map((row) => [row.row, row.errors]));
    expect(Object.keys(errors)).toHaveLength(20);
    expect(errors[3]).toEqual({ unitNumber: 'El número de unidad es requerido' });
    expect(errors[4]).toEqual({ floor: expect.any(String) });
    expect(errors[5]).toEqual({ squareMeters: 'El área debe ser al menos 1 metro cuadrado' });
    expect(errors[7]).toHaveProperty('share');
    expect(errors[11]).toEqual({ ownerEmail: 'Debe ser un correo electrónico válido' });
    expect(errors[12]).toEqual({ ownerEmail: 'No hay un propietario con este correo en la organización' });
    expect(errors[13]).toEqual({ unitNumber: 'Esta fila repite una anterior del archivo' });
    expect(errors[19]).toEqual({ unitNumber: 'Esta fila repite una anterior del archivo' });
    expect(errors[18]).toHaveProperty('unitNumber');
    expect(errors[2]).toBeUndefined();
    expect(errors[23]).toBeUndefined();

    // Only the error rows, and the same in English for an English-speaking administrator.
    const only = await agent.get(`/api/imports/${response.body.id}`).query({ status: 'error' });
    expect(only.body.rows).toHaveLength(20);
    const csv = await agent.get(`/api/imports/${response.body.id}/errors.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('Fila,Unidad,Piso,Área m²,Alícuota,Correo del propietario,Errores');
    expect(lines[1]).toBe('3,,1,50,1,,Unidad: El número de unidad es requerido');
    await db()('users').where({ organizationId: property.organizationId, role: 'Administrador' }).update({ language: 'en' });
    const english = await agent.get(`/api/imports/${response.body.id}`).query({ status: 'error' });
    expect(english.body.rows[0].errors).toEqual({ unitNumber: 'The unit number is required' });
  });

  it('previews again with an edited mapping', async () => {
    const { property, agent } = await adminWorld();
    const created = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('unidades-excel-es.csv') });
    const remapped = await agent.patch(`/api/imports/${created.body.id}`).send({ mapping: { unitNumber: 0, floor: null, squareMeters: null, share: null } });
    expect(remapped.status).toBe(200);
    expect(remapped.body.rows[0].values).toEqual({ unitNumber: '101', floor: '', squareMeters: '', share: '', ownerEmail: '' });
    const bad = await agent.patch(`/api/imports/${created.body.id}`).send({ mapping: { unitNumber: 9 } });
    expect(bad.status).toBe(400);
  });

  it('refuses what is not a spreadsheet, an empty file and files over the limits', async () => {
    const { property, agent } = await adminWorld();
    const send = (content: Buffer) => agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: { fileName: 'x.csv', content: content.toString('base64') } });
    const binary = await send(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]));
    expect(binary.status).toBe(400);
    expect(binary.body.fields.file).toBe('El archivo debe ser CSV o Excel (.xlsx)');
    expect((await send(Buffer.from('Unidad\n'))).body.fields.file).toBe('El archivo no tiene filas debajo de los encabezados');
    const tooManyRows = await send(Buffer.from(['Unidad', ...Array.from({ length: 20_001 }, (_, i) => `U${i}`)].join('\n')));
    expect(tooManyRows.status).toBe(400);
    expect(tooManyRows.body.fields.file).toBe('El archivo no puede tener más de 20,000 filas');
    const tooLarge = await send(Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('El archivo no puede superar 10 MB');
  });
});

describe('POST /api/imports/:id/apply', () => {
  it('writes the rows in one go with their events; the same file again changes nothing', async () => {
    const { property, agent } = await adminWorld();
    const first = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('unidades-excel-es.csv') });
    const applied = await agent.post(`/api/imports/${first.body.id}/apply`).send({});
    expect(applied.status).toBe(202);
    expect(applied.body).toMatchObject({ status: 'applied', totals: { create: 5 } });
    expect(await unitsOf(property.id)).toContainEqual({ unitNumber: 'Local Peñón', floor: 0, squareMeters: 120.75, share: 5 });
    expect(await unitsOf(property.id)).toHaveLength(5);
    const created = await db()('events').where({ type: 'unit.created', propertyId: property.id });
    expect(created).toHaveLength(5);
    expect(await db()('events').where({ type: 'import.finished', subjectId: first.body.id })).toHaveLength(1);

    const again = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('unidades-excel-es.csv') });
    expect(again.body.totals).toEqual({ rows: 5, create: 0, update: 0, unchanged: 5, error: 0 });
    expect((await agent.post(`/api/imports/${again.body.id}/apply`).send({})).status).toBe(202);
    expect(await unitsOf(property.id)).toHaveLength(5);
    expect(await db()('events').where({ type: 'unit.created', propertyId: property.id })).toHaveLength(5);
    expect(await db()('events').where({ type: 'unit.updated', propertyId: property.id })).toHaveLength(0);
    // Applied once: a second apply of the same import is 409.
    expect((await agent.post(`/api/imports/${first.body.id}/apply`).send({})).status).toBe(409);
  });

  it('updates a unit whose values differ (natural key: the number, ignoring case)', async () => {
    const { property, agent } = await adminWorld();
    await db()('units').insert({ propertyId: property.id, unitNumber: 'local peñón', floor: 0, squareMeters: 100 });
    const preview = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('unidades-excel-es.csv') });
    expect(preview.body.totals).toMatchObject({ create: 4, update: 1 });
    await agent.post(`/api/imports/${preview.body.id}/apply`).send({});
    expect(await unitsOf(property.id)).toContainEqual({ unitNumber: 'local peñón', floor: 0, squareMeters: 120.75, share: 5 });
  });

  it('writes nothing when a row fails in all-or-nothing mode; `valid` imports only the good rows', async () => {
    const { property, agent } = await adminWorld();
    const preview = await agent.post('/api/imports').send({ kind: 'units', propertyId: property.id, file: fixture('unidades-errores.csv') });
    const refused = await agent.post(`/api/imports/${preview.body.id}/apply`).send({ mode: 'all' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('import_has_errors');
    expect(await unitsOf(property.id)).toEqual([]);
    expect((await agent.get(`/api/imports/${preview.body.id}`)).body.status).toBe('previewed');

    const valid = await agent.post(`/api/imports/${preview.body.id}/apply`).send({ mode: 'valid' });
    expect(valid.status).toBe(202);
    expect((await unitsOf(property.id)).map((unit) => unit.unitNumber)).toEqual(['A1', 'A2']);
  });

  it('imports suppliers from a Windows-1252 CSV by RNC, then by name; twice changes nothing', async () => {
    const { organization, property, agent } = await adminWorld();
    const preview = await agent.post('/api/imports').send({ kind: 'suppliers', propertyId: property.id, file: fixture('suplidores-excel-es.csv') });
    expect(preview.status).toBe(201);
    expect(preview.body.mapping).toEqual({ name: 0, taxId: 1, phone: 2, email: 3, category: 4 });
    expect(preview.body.totals).toMatchObject({ create: 3, error: 0 });
    expect((await agent.post(`/api/imports/${preview.body.id}/apply`).send({})).status).toBe(202);
    const stored = await db()('suppliers').where({ organizationId: organization.id }).orderBy('name').select('name', 'taxId', 'category');
    expect(stored).toEqual([
      { name: 'Electricista José Peña', taxId: null, category: 'Electricidad' },
      { name: 'Ferretería Núñez', taxId: '131246702', category: 'Plomería' },
      { name: 'Jardinería Cáceres', taxId: '131246712', category: 'Áreas verdes' },
    ]);
    const again = await agent.post('/api/imports').send({ kind: 'suppliers', propertyId: property.id, file: fixture('suplidores-excel-es.csv') });
    expect(again.body.totals).toMatchObject({ unchanged: 3, create: 0, update: 0 });
  });
});

describe('who may import', () => {
  it('answers 401 without a session, 403 to other roles, 404 for another organization’s property or import', async () => {
    expect((await (await client()).post('/api/imports').send({})).status).toBe(401);
    const { organization, property, agent } = await adminWorld();
    const body = { kind: 'units', propertyId: property.id, file: fixture('unidades-excel-es.csv') };
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    for (const user of [resident, owner]) expect((await (await signedIn(user)).post('/api/imports').send(body)).status).toBe(403);

    const foreign = await createProperty({ organizationId: (await createOrganization()).id });
    expect((await agent.post('/api/imports').send({ ...body, propertyId: foreign.id })).status).toBe(404);
    const other = await adminWorld();
    const theirs = await other.agent.post('/api/imports').send({ ...body, propertyId: other.property.id });
    expect((await agent.get(`/api/imports/${theirs.body.id}`)).status).toBe(404);
    expect((await agent.post(`/api/imports/${theirs.body.id}/apply`).send({})).status).toBe(404);
    expect((await agent.get(`/api/imports/${theirs.body.id}/errors.csv`)).status).toBe(404);
    expect((await (await signedIn(resident)).get(`/api/imports/${theirs.body.id}`)).status).toBe(403);
  });
});

describe('templates', () => {
  it('downloads each kind as CSV and XLSX with Spanish headers and an example row', async () => {
    const { agent, property } = await adminWorld();
    const csv = await agent.get('/api/imports/templates/units.csv');
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Unidad,Piso,Área m²,Alícuota,Correo del propietario');
    // The balances template says the sign in its header, and reads back through its own mapping.
    const balances = await agent.get('/api/imports/templates/balances.csv');
    expect(balances.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Unidad,Saldo (negativo = a favor),Fecha');
    const balancesBack = await agent.post('/api/imports').send({ kind: 'balances', propertyId: property.id, file: { fileName: 'b.csv', content: Buffer.from(balances.text).toString('base64') } });
    expect(balancesBack.body.mapping).toEqual({ unitNumber: 0, amount: 1, date: 2 });
    const xlsx = await agent.get('/api/imports/templates/suppliers.xlsx').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(xlsx.status).toBe(200);
    // The template reads back through the import itself: its one example row, mapped.
    expect((await agent.get('/api/imports/templates/nada.csv')).status).toBe(404);
    const preview = await agent
      .post('/api/imports')
      .send({ kind: 'suppliers', propertyId: property.id, file: { fileName: 't.xlsx', content: (xlsx.body as Buffer).toString('base64') } });
    expect(preview.status).toBe(201);
    expect(preview.body.mapping).toEqual({ name: 0, taxId: 1, phone: 2, email: 3, category: 4 });
  });
});

describe('POST /api/properties/:id/units/bulk', () => {
  it('previews the numbers of a pattern, then creates them skipping the existing ones, with equal shares', async () => {
    const { property, agent } = await adminWorld();
    await db()('units').insert({ propertyId: property.id, unitNumber: '102' });
    const body = { floors: { from: 1, to: 3 }, perFloor: 2, pattern: '{floor}0{n}', equalShares: true };
    const preview = await agent.post(`/api/properties/${property.id}/units/bulk`).query({ dryRun: 'true' }).send(body);
    expect(preview.status).toBe(200);
    expect(preview.body.units.map((unit: { unitNumber: string; outcome: string }) => `${unit.unitNumber}:${unit.outcome}`)).toEqual([
      '101:create', '102:skip', '201:create', '202:create', '301:create', '302:create',
    ]);
    expect(preview.body).toMatchObject({ share: 16.6666, totals: { create: 5, skip: 1 } });
    expect(await db()('units').where({ propertyId: property.id })).toHaveLength(1);

    const created = await agent.post(`/api/properties/${property.id}/units/bulk`).send(body);
    expect(created.status).toBe(201);
    expect(created.body.totals).toEqual({ create: 5, skip: 1 });
    expect(await unitsOf(property.id)).toContainEqual({ unitNumber: '301', floor: 3, squareMeters: null, share: 16.6666 });
    expect(await db()('events').where({ type: 'unit.created', propertyId: property.id })).toHaveLength(5);
    const again = await agent.post(`/api/properties/${property.id}/units/bulk`).send(body);
    expect(again.body.totals).toEqual({ create: 0, skip: 6 });

    const letters = await agent.post(`/api/properties/${property.id}/units/bulk`).query({ dryRun: 'true' }).send({ floors: { from: 1, to: 1 }, perFloor: 3, pattern: '{floor}{letter}', prefix: 'Local ' });
    expect(letters.body.units.map((unit: { unitNumber: string }) => unit.unitNumber)).toEqual(['Local 1A', 'Local 1B', 'Local 1C']);
  });

  it('refuses a pattern without {n} or {letter} and floors upside down; 403 for other roles, 404 for another organization', async () => {
    const { property, agent, organization } = await adminWorld();
    const bad = await agent.post(`/api/properties/${property.id}/units/bulk`).send({ floors: { from: 3, to: 1 }, perFloor: 2, pattern: '{floor}' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ pattern: 'El patrón debe incluir {n} o {letter}, por ejemplo {floor}0{n}' });
    const body = { floors: { from: 1, to: 1 }, perFloor: 1, pattern: '{floor}{letter}' };
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    expect((await (await signedIn(owner)).post(`/api/properties/${property.id}/units/bulk`).send(body)).status).toBe(403);
    const foreign = await createProperty();
    expect((await agent.post(`/api/properties/${foreign.id}/units/bulk`).send(body)).status).toBe(404);
  });
});

describe('opening balances', () => {
  const csv = (lines: string[]) => ({ fileName: 'saldos-extra.csv', content: Buffer.from(['Unidad;Saldo;Fecha', ...lines].join('\r\n')).toString('base64') });
  const ledgerCounts = async (propertyId: number) => ({
    charges: (await db()('charges').where({ propertyId })).length,
    payments: (await db()('payments').where({ propertyId })).length,
    allocations: (await db()('paymentAllocations as a').join('payments as p', 'p.id', 'a.payment_id').where('p.property_id', propertyId)).length,
    entries: (await db()('journalEntries').where({ propertyId })).length,
    events: (await db()('events').where({ propertyId }).whereIn('type', ['charge.created', 'payment.recorded'])).length,
  });

  it('become one "Saldo anterior" charge, or a credit for a negative amount, per unit through the ledger; twice changes nothing; bad rows name their field', async () => {
    const { property, agent, admin } = await adminWorld();
    for (const unitNumber of ['101', '102', '201', '202']) await db()('units').insert({ propertyId: property.id, unitNumber });
    const unit201 = await db()('units').where({ propertyId: property.id, unitNumber: '201' }).first('id');
    const preview = await agent.post('/api/imports').send({ kind: 'balances', propertyId: property.id, file: fixture('saldos.csv') });
    expect(preview.status).toBe(201);
    expect(preview.body.totals).toEqual({ rows: 5, create: 3, update: 0, unchanged: 0, error: 2 });
    expect((preview.body.rows as Row[])[3]).toMatchObject({ row: 5, outcome: 'create', values: { unitNumber: '201', amount: '-50', date: '31/10/2026' } });
    const errors = (preview.body.rows as Row[]).filter((row) => row.errors).map((row) => [row.row, row.errors]);
    expect(errors).toEqual([
      [4, { unitNumber: 'La propiedad no tiene esta unidad; confirme que desea crearla' }],
      [6, { date: 'Escriba una fecha como 2026-12-31 o 31/12/2026' }],
    ]);
    expect(await ledgerCounts(property.id)).toMatchObject({ charges: 0, payments: 0 });
    expect((await agent.post(`/api/imports/${preview.body.id}/apply`).send({ mode: 'valid' })).status).toBe(202);

    const charges = await db()('charges').where({ propertyId: property.id }).orderBy('amount').select('amount', 'description', 'dueDate', 'invoiceNumber');
    expect(charges).toMatchObject([
      { amount: 120_000, description: 'Saldo anterior', dueDate: '2026-12-31' },
      { amount: 450_050, description: 'Saldo anterior', dueDate: '2026-12-31' },
    ]);
    expect(charges[0].invoiceNumber).toMatch(/^FAC-/);
    // 201's RD$ 50.00 in its favour: a confirmed payment of the ledger, receipted, recorded by the administrator, paying nothing yet.
    const credits = await db()('payments').where({ propertyId: property.id });
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ unitId: unit201.id, amount: 5_000, allocatedAmount: 0, status: 'confirmed', method: 'other', reference: 'Saldo anterior', receivedAt: '2026-10-31', recordedById: admin.id });
    expect(credits[0].receiptNumber).toMatch(/^REC-\d{4}-\d{6}$/);
    expect(credits[0].createdAt).toBeInstanceOf(Date);
    expect(await db()('events').where({ type: 'charge.created', propertyId: property.id, audience: 'administrators' })).toHaveLength(2);
    expect(await db()('events').where({ type: 'payment.recorded', propertyId: property.id, audience: 'administrators', subjectId: credits[0].id })).toHaveLength(1);

    // The unit's statement and the billing cards show the credit.
    const statement = await agent.get(`/api/units/${unit201.id}/statement`);
    expect(statement.body).toMatchObject({ totalCharges: 0, totalPayments: 5_000, closingBalance: -5_000 });
    expect(statement.body.entries).toMatchObject([{ kind: 'payment', date: '2026-10-31', number: credits[0].receiptNumber, reference: 'Saldo anterior', payment: 5_000, balance: -5_000 }]);
    expect((await agent.get('/api/billing/summary').query({ propertyId: property.id })).body).toMatchObject({ outstanding: 570_050, credit: 5_000 });

    // The same file again: every row unchanged, nothing written when applied.
    const before = await ledgerCounts(property.id);
    const again = await agent.post('/api/imports').send({ kind: 'balances', propertyId: property.id, file: fixture('saldos.csv') });
    expect(again.body.totals).toEqual({ rows: 5, create: 0, update: 0, unchanged: 3, error: 2 });
    expect((await agent.post(`/api/imports/${again.body.id}/apply`).send({ mode: 'valid' })).body).toMatchObject({ status: 'applied' });
    expect(await ledgerCounts(property.id)).toEqual(before);

    // The next charges are paid from the credit: RD$ 30.00 in full, then RD$ 20.00 of RD$ 40.00.
    const issue = (amount: number) => agent.post('/api/charges').send({ unitId: unit201.id, type: 'maintenance', amount, dueDate: '2027-01-05', description: 'Cuota de enero' });
    const first = await issue(3_000);
    expect(first.body).toMatchObject({ status: 'completed', paidAmount: 3_000 });
    const second = await issue(4_000);
    expect(second.body).toMatchObject({ status: 'pending', paidAmount: 2_000 });
    expect(await db()('paymentAllocations').where({ paymentId: credits[0].id }).orderBy('id').select('chargeId', 'amount')).toEqual([
      { chargeId: first.body.id, amount: 3_000 },
      { chargeId: second.body.id, amount: 2_000 },
    ]);
    const after = await agent.get(`/api/units/${unit201.id}/statement`);
    expect(after.body).toMatchObject({ totalCharges: 7_000, totalPayments: 5_000, closingBalance: 2_000 });
    expect((await agent.get('/api/billing/summary').query({ propertyId: property.id })).body).toMatchObject({ outstanding: 572_050, credit: 0 });
    // Spent or not, the unit's opening credit stays its opening balance: the file again is unchanged.
    expect((await agent.post('/api/imports').send({ kind: 'balances', propertyId: property.id, file: fixture('saldos.csv') })).body.totals).toMatchObject({ create: 0, unchanged: 3 });
    await checkBooks(property.id, [todayThere()]);
  });

  it('refuses another amount for a unit that has its opening balance, a zero, a future or closed-month credit; reads accounting negatives', async () => {
    const { property, agent } = await adminWorld();
    for (const unitNumber of ['101', '201', '301', '302', '303', '304']) await db()('units').insert({ propertyId: property.id, unitNumber });
    const first = await agent.post('/api/imports').send({ kind: 'balances', propertyId: property.id, file: fixture('saldos.csv') });
    expect((await agent.post(`/api/imports/${first.body.id}/apply`).send({ mode: 'valid' })).status).toBe(202);
    expect((await agent.post(`/api/properties/${property.id}/periods/2026-09/close`).send({})).status).toBe(200);

    const before = await ledgerCounts(property.id);
    const preview = await agent.post('/api/imports').send({
      kind: 'balances',
      propertyId: property.id,
      file: csv(['201;-60;31/10/2026', '101;-4500,50;31/12/2026', '301;0;31/10/2026', '302;-10;31/12/2099', '303;-10;15/09/2026', '304;(1.234,56);31/10/2026']),
    });
    expect(preview.status).toBe(201);
    expect(preview.body.totals).toEqual({ rows: 6, create: 1, update: 0, unchanged: 0, error: 5 });
    expect(Object.fromEntries((preview.body.rows as Row[]).map((row) => [row.values.unitNumber, row.errors ?? row.outcome]))).toEqual({
      201: { amount: 'Esta unidad ya tiene un saldo anterior importado' },
      101: { amount: 'Esta unidad ya tiene un saldo anterior importado' },
      301: { amount: 'El saldo no puede ser 0: escriba lo que debe la unidad, o su saldo a favor en negativo' },
      302: { date: 'Un saldo a favor no puede tener fecha futura' },
      303: { date: 'El mes de esta fecha está cerrado; use una fecha de un mes abierto' },
      304: 'create',
    });
    await db()('users').where({ organizationId: property.organizationId, role: 'Administrador' }).update({ language: 'en' });
    const english = await agent.get(`/api/imports/${preview.body.id}`).query({ status: 'error' });
    expect(english.body.rows.map((row: Row) => Object.values(row.errors ?? {})[0])).toEqual([
      'This unit already has an imported opening balance',
      'This unit already has an imported opening balance',
      'The balance cannot be 0: enter what the unit owes, or its credit as a negative amount',
      'A credit balance cannot be dated in the future',
      'The month of this date is closed; use a date in an open month',
    ]);
    // All or nothing: nothing is written while a row is wrong; the valid row alone, as a credit.
    expect((await agent.post(`/api/imports/${preview.body.id}/apply`).send({})).status).toBe(409);
    expect(await ledgerCounts(property.id)).toEqual(before);
    expect((await agent.post(`/api/imports/${preview.body.id}/apply`).send({ mode: 'valid' })).status).toBe(202);
    const unit304 = await db()('units').where({ propertyId: property.id, unitNumber: '304' }).first('id');
    expect(await db()('payments').where({ unitId: unit304.id }).select('amount', 'allocatedAmount', 'reference')).toEqual([{ amount: 123_456, allocatedAmount: 0, reference: 'Saldo anterior' }]);
    await checkBooks(property.id, [todayThere()]);
  });
});
