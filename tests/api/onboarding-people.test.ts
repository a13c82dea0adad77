import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { verifyPassword } from '../../server/services/passwords';
import { adminWorld, createOrganization, createUser } from '../support/factories';
import { testApp } from '../support/services';

await testApp();

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/onboarding');
let files = 0;
/**
 * A fixture with its emails at a domain of the test's own (emails are unique across the
 * application): `ejemplo.do` becomes `domain`. The bytes stay as saved (Windows-1252).
 */
const fixture = (name: string, domain = 'ejemplo.do') => ({
  fileName: name,
  content: Buffer.from(readFileSync(path.join(FIXTURES, name)).toString('latin1').replaceAll('ejemplo.do', domain), 'latin1').toString('base64'),
});
const newDomain = () => `ejemplo-${++files}-${Date.now().toString(36)}.do`;
type Row = { row: number; outcome: string; values: Record<string, string>; errors?: Record<string, string> };

/** A property with units 101 and 102, and its administrator. */
async function building() {
  const world = await adminWorld();
  for (const unitNumber of ['101', '102']) await db()('units').insert({ propertyId: world.property!.id, unitNumber });
  const units = Object.fromEntries((await db()('units').where({ propertyId: world.property!.id }).select('id', 'unitNumber')).map((unit) => [unit.unitNumber, unit.id as number]));
  return { ...world, property: world.property!, units };
}

const peopleOf = (organizationId: number) =>
  db()('users')
    .where({ organizationId })
    .whereIn('role', ['Propietario', 'Residente'])
    .orderBy('username')
    .select('username', 'name', 'lastName', 'phone', 'identificationNumber', 'role', 'password');

describe('people imports', () => {
  it('reads owners and residents from a Spanish Excel CSV, creates their accounts and links them; twice changes nothing', async () => {
    const { organization, property, agent, units } = await building();
    const domain = newDomain();
    const preview = await agent.post('/api/imports').send({ kind: 'people', propertyId: property.id, file: fixture('personas-excel-es.csv', domain) });
    expect(preview.status).toBe(201);
    expect(preview.body.mapping).toEqual({ firstName: 0, lastName: 1, email: 2, phone: 3, nationalId: 4, unitNumber: 5, role: 6, moveInDate: 7 });
    expect(preview.body.totals).toEqual({ rows: 4, create: 4, update: 0, unchanged: 0, error: 0 });
    expect(preview.body.rows[0].values).toMatchObject({ firstName: 'María', lastName: 'Pérez Núñez' });
    expect(await peopleOf(organization.id)).toEqual([]);

    const applied = await agent.post(`/api/imports/${preview.body.id}/apply`).send({});
    expect(applied.status).toBe(202);
    expect(applied.body).toMatchObject({ status: 'applied', progress: 100, totals: { create: 4 } });
    const people = await peopleOf(organization.id);
    expect(people.map(({ password: _p, ...person }) => ({ ...person, username: person.username.replace(domain, 'ejemplo.do') }))).toEqual([
      { username: 'ana.pena@ejemplo.do', name: 'Ana', lastName: 'Peña', phone: null, identificationNumber: null, role: 'Residente' },
      { username: 'jose.rodriguez@ejemplo.do', name: 'José', lastName: 'Rodríguez', phone: '829 555 0102', identificationNumber: '40200000012', role: 'Residente' },
      { username: 'luis.caceres@ejemplo.do', name: 'Luis', lastName: 'Cáceres', phone: '+1 809 555 0104', identificationNumber: null, role: 'Propietario' },
      { username: 'maria.perez@ejemplo.do', name: 'María', lastName: 'Pérez Núñez', phone: '809-555-0101', identificationNumber: '00112345673', role: 'Propietario' },
    ]);
    // No password signs in until the person chooses one.
    for (const person of people) expect(await verifyPassword('', person.password)).toBe(false);
    const owners = await db()('units').join('users', 'users.id', 'units.ownerId').where('units.propertyId', property.id).orderBy('unitNumber').select('unitNumber', 'username');
    expect(owners).toEqual([{ unitNumber: '101', username: `maria.perez@${domain}` }, { unitNumber: '102', username: `luis.caceres@${domain}` }]);
    const residents = await db()('residents').join('users', 'users.id', 'residents.userId').where('residents.propertyId', property.id).orderBy('username')
      .select('username', 'unitId', 'status', db().raw("to_char(start_date, 'YYYY-MM-DD') as start"));
    expect(residents).toEqual([
      { username: `ana.pena@${domain}`, unitId: units['102'], status: 'active', start: '2026-02-01' },
      { username: `jose.rodriguez@${domain}`, unitId: units['101'], status: 'active', start: '2026-01-15' },
    ]);
    expect(await db()('events').where({ type: 'resident.created', propertyId: property.id })).toHaveLength(2);
    // Without `invite`, nobody was emailed.
    expect(await db()('emailOutbox').where({ organizationId: organization.id, kind: 'invitation' })).toHaveLength(0);

    const events = await db()('events').where({ organizationId: organization.id }).count({ count: '*' }).first();
    const again = await agent.post('/api/imports').send({ kind: 'people', propertyId: property.id, file: fixture('personas-excel-es.csv', domain) });
    expect(again.body.totals).toEqual({ rows: 4, create: 0, update: 0, unchanged: 4, error: 0 });
    expect((await agent.post(`/api/imports/${again.body.id}/apply`).send({})).status).toBe(202);
    expect(await peopleOf(organization.id)).toEqual(people);
    // Only the import's own `import.finished`: no row changed.
    const after = await db()('events').where({ organizationId: organization.id }).count({ count: '*' }).first();
    expect(Number(after!.count)).toBe(Number(events!.count) + 1);
  });

  it('updates a person whose row differs (matched by email, ignoring case) and moves a resident to another unit', async () => {
    const { organization, property, agent, units } = await building();
    const domain = newDomain();
    await agent.post(`/api/imports/${(await agent.post('/api/imports').send({ kind: 'people', propertyId: property.id, file: fixture('personas-excel-es.csv', domain) })).body.id}/apply`).send({});
    const csv = `Nombre;Apellido;Correo;Teléfono;Unidad;Rol\nJosé Miguel;Rodríguez;JOSE.RODRIGUEZ@${domain};829 555 0102;102;Residente\n`;
    const preview = await agent.post('/api/imports').send({ kind: 'people', propertyId: property.id, file: { fileName: 'p.csv', content: Buffer.from(csv).toString('base64') } });
    expect(preview.body.totals).toMatchObject({ update: 1 });
    expect((await agent.post(`/api/imports/${preview.body.id}/apply`).send({})).status).toBe(202);
    const jose = await db()('users').where({ username: `jose.rodriguez@${domain}`, organizationId: organization.id }).first('id', 'name', 'identificationNumber');
    // An empty cédula cell leaves the stored one.
    expect(jose).toMatchObject({ name: 'José Miguel', identificationNumber: '40200000012' });
    expect(await db()('residents').where({ userId: jose.id, propertyId: property.id }).first('unitId')).toEqual({ unitId: units['102'] });
    expect(await db()('events').where({ type: 'resident.updated', propertyId: property.id })).toHaveLength(1);
  });

  it('lists every kind of bad row with its field, in the forms’ words; all-or-nothing writes nothing', async () => {
    const { organization, property, agent } = await building();
    await createUser({ username: 'ajeno@otra.do', email: 'ajeno@otra.do', organizationId: (await createOrganization()).id, role: 'Residente' });
    const domain = newDomain();
    await createUser({ username: `dueno.existente@${domain}`, email: `dueno.existente@${domain}`, organizationId: organization.id, role: 'Propietario' });
    const preview = await agent.post('/api/imports').send({ kind: 'people', propertyId: property.id, file: fixture('personas-errores.csv', domain) });
    expect(preview.status).toBe(201);
    expect(preview.body.totals).toEqual({ rows: 15, create: 2, update: 0, unchanged: 0, error: 13 });
    const errors = Object.fromEntries((preview.body.rows as Row[]).filter((row) => row.errors).map((row) => [row.row, row.errors]));
    expect(errors).toEqual({
      3: { firstName: 'El nombre es requerido' },
      4: { lastName: 'El apellido es requerido' },
      5: { email: 'Debe ser un correo electrónico válido' },
      6: { email: 'Debe ser un correo electrónico válido' },
      7: { phone: expect.stringMatching(/teléfono/i) },
      8: { nationalId: 'La cédula no es válida (11 dígitos con su dígito verificador)' },
      9: { unitNumber: expect.any(String) },
      10: { unitNumber: 'La propiedad no tiene esta unidad; confirme que desea crearla' },
      11: { role: 'El rol debe ser Propietario o Residente' },
      12: { moveInDate: 'Escriba una fecha como 2026-12-31 o 31/12/2026' },
      13: { email: 'Esta fila repite una anterior del archivo' },
      14: { email: 'Este correo pertenece a un usuario de otra organización' },
      15: { role: 'Este correo es de un usuario con otro rol en la organización' },
    });
    const before = await peopleOf(organization.id);
    const refused = await agent.post(`/api/imports/${preview.body.id}/apply`).send({ mode: 'all' });
    expect(refused.status).toBe(409);
    expect(await peopleOf(organization.id)).toEqual(before);

    const csv = await agent.get(`/api/imports/${preview.body.id}/errors.csv`);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Fila,Nombre,Apellido,Correo,Teléfono,Cédula,Unidad,Rol,Fecha de entrada,Errores');
    expect(lines).toHaveLength(14);

    const valid = await agent.post(`/api/imports/${preview.body.id}/apply`).send({ mode: 'valid' });
    expect(valid.status).toBe(202);
    expect((await peopleOf(organization.id)).map((person) => person.username)).toEqual(['carmen', 'dueno.existente', 'nombre.largo'].map((name) => `${name}@${domain}`));
  });

  it('sends the invitation of the resident form to each person created, when asked', async () => {
    const { organization, property, agent } = await building();
    const domain = newDomain();
    const preview = await agent.post('/api/imports').send({ kind: 'people', propertyId: property.id, file: fixture('personas-excel-es.csv', domain) });
    expect((await agent.post(`/api/imports/${preview.body.id}/apply`).send({ invite: true })).status).toBe(202);
    const invitations = await db()('emailOutbox').where({ organizationId: organization.id, kind: 'invitation' }).orderBy('toAddress').pluck('toAddress');
    expect(invitations).toEqual(['ana.pena', 'jose.rodriguez', 'luis.caceres', 'maria.perez'].map((name) => `${name}@${domain}`));
    expect(await db()('events').where({ type: 'user.invited', organizationId: organization.id })).toHaveLength(4);
    expect((await agent.get(`/api/imports/${preview.body.id}`)).body).toMatchObject({ status: 'applied', invite: true, mode: 'all' });
  });
});
