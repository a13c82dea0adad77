import type { Knex } from 'knex';
import { DEFAULT_OPTIONS } from '../../shared/assemblies';
import { publishMinutes } from '../commands/assemblies/minutes';
import { computeResult, itemsOf, quorumOf } from '../commands/assemblies/results';
import type { User } from '../models';
import { assemblyRows, type AssemblyRow } from '../policies/assemblies';

const DAY = 24 * 3600_000;
/** An instant at a Santo Domingo hour, `plusDays` from today. */
const at = (hour: number, plusDays: number) => {
  const date = new Date(Date.now() + plusDays * DAY);
  date.setUTCHours(hour + 4, 0, 0, 0); // Santo Domingo is UTC-4
  return date;
};

const item = (assemblyId: number, position: number, title: string, fields: Record<string, unknown> = {}) => ({
  assemblyId,
  position,
  title,
  kind: 'vote',
  options: JSON.stringify(DEFAULT_OPTIONS),
  majority: 'simple',
  weighting: 'share',
  ...fields,
});

/**
 * The demo's assemblies (docs/modules/assemblies.md) at the tower: last year's ordinary
 * assembly (March of the previous calendar year), closed, with its attendance, its ballots, results computed as the app computes
 * them and its minutes published to the tower's documents; and an extraordinary one convened
 * for next week with three items. Runs after the billing seed (the units' shares).
 */
export async function seedAssemblies(trx: Knex, { organizationId, tower, admin }: { organizationId: number; tower: number; admin: Pick<User, 'id'> }) {
  const units: Array<{ id: number; share: string | null }> = await trx('units').where({ propertyId: tower }).orderByRaw('length(unit_number), unit_number').select('id', 'share');
  // Last year's ordinary assembly: held in March, after the fiscal year closed, at 7 p. m.
  const lastYear = new Date().getUTCFullYear() - 1;
  const first = new Date(Date.UTC(lastYear, 2, 14, 19 + 4)); // Santo Domingo is UTC-4
  const [closed] = await trx('assemblies')
    .insert({
      organizationId,
      propertyId: tower,
      kind: 'ordinary',
      title: `Asamblea ordinaria anual ${lastYear}`,
      status: 'in_session',
      firstCallAt: first,
      secondCallAt: new Date(first.getTime() + 30 * 60_000),
      place: 'Salón de eventos, piso 1',
      createdById: admin.id,
      convenedAt: new Date(first.getTime() - 15 * DAY),
      startedAt: first,
    })
    .returning('id');
  await trx('assembly_items').insert([
    item(closed.id, 1, 'Informe de gestión y estados financieros', { kind: 'informative', options: '[]', status: 'closed' }),
    item(closed.id, 2, 'Presupuesto del año', { status: 'open' }),
    item(closed.id, 3, 'Elección del administrador', { majority: 'absolute', secret: true, status: 'open' }),
  ]);
  // Four of every five units attended; the show of hands went mostly for.
  const present = units.filter((_, index) => index % 5 !== 4);
  await trx('assembly_attendance').insert(present.map((unit) => ({ assemblyId: closed.id, unitId: unit.id, via: 'room', recordedById: admin.id, recordedAt: first })));
  const row = (await assemblyRows(trx).where('assemblies.id', closed.id).first()) as AssemblyRow;
  await trx('assemblies').where({ id: closed.id }).update({ quorumFirst: JSON.stringify(await quorumOf(trx, row, first)) });
  const [, budget, election] = await itemsOf(trx, closed.id);
  const weight = (unit: { share: string | null }) => Math.round(Number(unit.share ?? 0) * 10_000);
  await trx('assembly_votes').insert([
    ...present.map((unit, index) => ({ itemId: budget.id, unitId: unit.id, option: index % 6 === 5 ? 'No' : index % 7 === 6 ? 'Abstención' : 'Sí', weight: weight(unit), voterId: admin.id, inRoom: true, castAt: first })),
    ...present.map((unit, index) => ({ itemId: election.id, unitId: unit.id, option: index % 4 === 3 ? 'No' : 'Sí', weight: weight(unit), voterId: admin.id, inRoom: true, castAt: first })),
  ]);
  for (const voted of [budget, election]) {
    const result = await computeResult(trx, row, voted);
    await trx('assembly_items').where({ id: voted.id }).update({ status: 'closed', openedAt: first, closedAt: first, quorum: row.quorumFirst, result: JSON.stringify(result) });
  }
  await trx('assemblies').where({ id: closed.id }).update({ status: 'closed', closedAt: new Date(first.getTime() + 2 * 3600_000) });
  const closedRow = (await assemblyRows(trx).where('assemblies.id', closed.id).first()) as AssemblyRow;
  await publishMinutes(trx, admin as User, closedRow);

  const next = at(19, 7);
  const [upcoming] = await trx('assemblies')
    .insert({
      organizationId,
      propertyId: tower,
      kind: 'extraordinary',
      title: 'Asamblea extraordinaria: impermeabilización del techo',
      status: 'convened',
      firstCallAt: next,
      secondCallAt: new Date(next.getTime() + 30 * 60_000),
      place: 'Salón de eventos, piso 1',
      meetingUrl: 'https://meet.vecindad.do/torre-vista-mar',
      blockDelinquent: true,
      createdById: admin.id,
      convenedAt: new Date(),
    })
    .returning('id');
  await trx('assembly_items').insert([
    item(upcoming.id, 1, 'Presentación de las cotizaciones', { kind: 'informative', options: '[]', description: 'Tres cotizaciones de impermeabilización.' }),
    item(upcoming.id, 2, 'Elección del contratista', { options: JSON.stringify(['Techos del Caribe', 'Impermeabilizadora Nacional', 'Abstención']) }),
    item(upcoming.id, 3, 'Cuota extraordinaria de RD$ 15,000 por unidad', { majority: 'two_thirds' }),
  ]);
}
