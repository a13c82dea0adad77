import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import type { Unit, User } from '../../server/models';
import { adminWorld, createCharge, createResident, createUnit, createUser, eventsOf, signedIn } from '../support/factories';
import { PNG_PROOF, day, fetchBytes, pdfText } from '../support/billing';
import { client, testApp } from '../support/services';
import { transaction } from '../../server/db/transaction';
import { loadEvent } from '../../server/events/relay';
import { deliverNotifications } from '../../server/notifications/deliver';
import { ruleFor } from '../../server/notifications/rules';

await testApp();

type Agent = Awaited<ReturnType<typeof signedIn>>;
type Item = { title: string; kind?: string; options?: string[]; majority?: string; weighting?: string; secret?: boolean };

const HOUR = 3600_000;

/** A property whose units have these shares, each owned by its own Propietario. */
async function building(shares: Array<number | null>) {
  const world = await adminWorld();
  const units: Unit[] = [];
  const owners: User[] = [];
  for (const [index, share] of shares.entries()) {
    const owner = await createUser({ role: 'Propietario', organizationId: world.organization.id });
    owners.push(owner);
    units.push(await createUnit({ propertyId: world.property.id, unitNumber: String(101 + index), share, ownerId: owner.id }));
  }
  const agents = new Map<number, Agent>();
  const ownerAgent = async (index: number) => {
    if (!agents.has(index)) agents.set(index, await signedIn(owners[index]));
    return agents.get(index)!;
  };
  return { ...world, units, owners, ownerAgent };
}
type Building = Awaited<ReturnType<typeof building>>;

/** An assembly of the building, convened; `second`: its second call already began. */
async function convened(world: Building, items: Item[], { second = false, blockDelinquent = false, quorumFirstCall = 50 } = {}) {
  const firstCallAt = second ? new Date(Date.now() - 2 * HOUR) : new Date(Date.now() + 10 * 24 * HOUR);
  const created = await world.agent
    .post('/api/assemblies')
    .send({ propertyId: world.property.id, kind: 'ordinary', title: 'Asamblea ordinaria 2026', firstCallAt: firstCallAt.toISOString(), place: 'Lobby', quorumFirstCall, blockDelinquent, items });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('draft');
  const convene = await world.agent.post(`/api/assemblies/${created.body.id}/convene`);
  expect(convene.status).toBe(200);
  return convene.body as { id: number; items: Array<{ id: number; title: string }> };
}

const checkIn = (world: Building, assemblyId: number, unitIndex: number, via = 'room') =>
  world.agent.post(`/api/assemblies/${assemblyId}/attendance`).send({ unitId: world.units[unitIndex].id, present: true, via });

async function inSession(world: Building, items: Item[], options: Parameters<typeof convened>[2] = {}, present = world.units.map((_, index) => index)) {
  const assembly = await convened(world, items, options);
  for (const index of present) expect((await checkIn(world, assembly.id, index)).status).toBe(200);
  expect((await world.agent.post(`/api/assemblies/${assembly.id}/start`)).status).toBe(200);
  return assembly;
}

const vote = async (world: Building, assemblyId: number, itemId: number, unitIndex: number, option: string) =>
  (await world.ownerAgent(unitIndex)).post(`/api/assemblies/${assemblyId}/items/${itemId}/votes`).send({ unitId: world.units[unitIndex].id, option });

/** Opens the item, casts the votes (unit index -> option), closes it and answers its frozen result. */
async function decide(world: Building, assemblyId: number, itemId: number, votes: Record<number, string>) {
  expect((await world.agent.post(`/api/assemblies/${assemblyId}/items/${itemId}/open`)).status).toBe(200);
  for (const [index, option] of Object.entries(votes)) expect((await vote(world, assemblyId, itemId, Number(index), option)).status).toBe(200);
  const closed = await world.agent.post(`/api/assemblies/${assemblyId}/items/${itemId}/close`);
  expect(closed.status).toBe(200);
  return (await world.agent.get(`/api/assemblies/${assemblyId}/items/${itemId}/results`).expect(200)).body;
}

const weights = (result: { options: Array<{ option: string; units: number; weight: number }> }) =>
  Object.fromEntries(result.options.map((row) => [row.option, [row.units, row.weight]]));

describe('weighted results', () => {
  it('applies each majority to the same ballots exactly (shares summing to 100)', async () => {
    const world = await building([40, 25, 20, 15]);
    const rules = ['simple', 'absolute', 'two_thirds', 'unanimous'];
    const assembly = await inSession(world, rules.map((majority) => ({ title: `Presupuesto (${majority})`, majority })));
    const results = [];
    for (const item of assembly.items) results.push(await decide(world, assembly.id, item.id, { 0: 'Sí', 1: 'No', 2: 'Sí', 3: 'Abstención' }));
    for (const result of results) {
      expect(weights(result)).toEqual({ Sí: [2, 600_000], No: [1, 250_000], Abstención: [1, 150_000] });
      expect(result).toMatchObject({ eligibleWeight: 1_000_000, castWeight: 1_000_000, winner: 'Sí', tie: false });
    }
    // Simple: 60 of the 85 cast for or against; absolute: 60 of 100; two thirds: 60 < 66.67; unanimous: no.
    expect(results.map((result) => result.passed)).toEqual([true, true, false, false]);
  });

  it('counts over the shares as they are when they do not sum to 100, and by unit when weighted so', async () => {
    const world = await building([10, 20, 30.5]);
    const assembly = await inSession(world, [
      { title: 'Dos tercios, límite', majority: 'two_thirds' },
      { title: 'Absoluta sin llegar', majority: 'absolute' },
      { title: 'Por unidad', majority: 'simple', weighting: 'unit' },
      { title: 'Por cuota', majority: 'simple' },
    ]);
    const [edge, short, byUnit, byShare] = assembly.items;
    // 10 + 30.5 = 40.5 of 60.5: 3 x 40.5 = 121.5 >= 2 x 60.5 = 121.
    const twoThirds = await decide(world, assembly.id, edge.id, { 0: 'Sí', 1: 'No', 2: 'Sí' });
    expect(twoThirds).toMatchObject({ eligibleWeight: 605_000, castWeight: 605_000, winner: 'Sí', passed: true });
    expect(weights(twoThirds).Sí).toEqual([2, 405_000]);
    // 10 + 20 = 30 of 60.5: not more than half (the abstention counts as cast, never for).
    const absolute = await decide(world, assembly.id, short.id, { 0: 'Sí', 1: 'Sí', 2: 'Abstención' });
    expect(absolute).toMatchObject({ winner: 'Sí', passed: false, castWeight: 605_000 });
    expect(weights(absolute)).toMatchObject({ Sí: [2, 300_000], Abstención: [1, 305_000] });
    const units = await decide(world, assembly.id, byUnit.id, { 0: 'Sí', 1: 'Sí', 2: 'No' });
    expect(units).toMatchObject({ eligibleWeight: 3, castWeight: 3, winner: 'Sí', passed: true });
    const shares = await decide(world, assembly.id, byShare.id, { 0: 'Sí', 1: 'Sí', 2: 'No' });
    expect(shares).toMatchObject({ winner: 'No', passed: true });
  });

  it('a tie decides nothing', async () => {
    const world = await building([25, 25, 50]);
    const assembly = await inSession(world, [{ title: 'Pintura', majority: 'simple' }]);
    const result = await decide(world, assembly.id, assembly.items[0].id, { 0: 'Sí', 1: 'Sí', 2: 'No' });
    expect(result).toMatchObject({ winner: null, tie: true, passed: false });
    expect(weights(result)).toMatchObject({ Sí: [2, 500_000], No: [1, 500_000] });
  });
});

describe('ballots', () => {
  it('ten parallel votes for one unit leave one ballot, changeable until the item closes, then frozen', async () => {
    const world = await building([50, 50]);
    const assembly = await inSession(world, [{ title: 'Ascensor', options: ['A', 'B', 'C'] }]);
    const itemId = assembly.items[0].id;
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`).expect(200);
    const owner = await world.ownerAgent(0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        owner.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[0].id, option: ['A', 'B', 'C'][index % 3] }),
      ),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const ballots = await db()('assemblyVotes').where({ itemId });
    expect(ballots).toHaveLength(1);
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(ballots[0].changes).toBe(accepted - 1);
    const tally = (await world.agent.get(`/api/assemblies/${assembly.id}/items/${itemId}/results`).expect(200)).body;
    expect(tally.castWeight).toBe(500_000);
    expect(tally.options.reduce((sum: number, row: { units: number }) => sum + row.units, 0)).toBe(1);
    // Changed: the unit's one ballot now says C.
    expect((await vote(world, assembly.id, itemId, 0, 'C')).status).toBe(200);
    expect((await db()('assemblyVotes').where({ itemId })).map((row) => row.option)).toEqual(['C']);
    expect((await eventsOf('assembly.tally', assembly.id)).length).toBe(accepted + 1);

    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/close`).expect(200);
    const frozen = (await world.agent.get(`/api/assemblies/${assembly.id}/items/${itemId}/results`).expect(200)).body;
    expect(frozen).toMatchObject({ winner: 'C', castWeight: 500_000, eligibleWeight: 1_000_000 });
    const late = await vote(world, assembly.id, itemId, 1, 'A');
    expect(late.status).toBe(409);
    expect((await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/close`)).status).toBe(409);
    expect((await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`)).status).toBe(409);
    // A share changed afterwards does not move a closed result.
    await db()('units').where({ id: world.units[0].id }).update({ share: 90 });
    expect((await world.agent.get(`/api/assemblies/${assembly.id}/items/${itemId}/results`).expect(200)).body).toEqual(frozen);
  });

  it('refuses options not on the item, units not present, and votes before opening', async () => {
    const world = await building([60, 40]);
    const assembly = await inSession(world, [{ title: 'Presupuesto' }], {}, [0]);
    const itemId = assembly.items[0].id;
    expect((await vote(world, assembly.id, itemId, 0, 'Sí')).status).toBe(409);
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`).expect(200);
    const wrong = await vote(world, assembly.id, itemId, 0, 'Quizás');
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.option).toBe('Opción inválida');
    const absent = await vote(world, assembly.id, itemId, 1, 'Sí');
    expect(absent.status).toBe(409);
    expect(absent.body.error).toBe('not_present');
    // "Estoy presente" from the phone, then the vote counts.
    const owner = await world.ownerAgent(1);
    expect((await owner.post(`/api/assemblies/${assembly.id}/attendance`).send({ unitId: world.units[1].id, present: true })).status).toBe(200);
    expect((await vote(world, assembly.id, itemId, 1, 'Sí')).status).toBe(200);
    const mine = (await owner.get(`/api/assemblies/${assembly.id}`).expect(200)).body;
    expect(mine.myUnits).toEqual([{ unitId: world.units[1].id, unitNumber: '102', present: true, viaProxy: false, blocked: false }]);
    expect(mine.items[0].myVotes).toEqual([{ unitId: world.units[1].id, option: 'Sí' }]);
    expect(mine.actions).toEqual(['proxies', 'vote', 'markPresent']);
    // Not someone else's unit.
    const other = await owner.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[0].id, option: 'No' });
    expect(other.status).toBe(403);
    expect((await owner.post(`/api/assemblies/${assembly.id}/attendance`).send({ unitId: world.units[0].id, present: false })).status).toBe(403);
  });

  it('administrators record votes only for units present in the room, marked as such', async () => {
    const world = await building([50, 30, 20]);
    const assembly = await inSession(world, [{ title: 'Portón' }], {}, [0]);
    const owner = await world.ownerAgent(1);
    await owner.post(`/api/assemblies/${assembly.id}/attendance`).send({ unitId: world.units[1].id, present: true, via: 'room' }).expect(200);
    const itemId = assembly.items[0].id;
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`).expect(200);
    const byHand = await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[0].id, option: 'Sí' });
    expect(byHand.status).toBe(200);
    expect(byHand.body.inRoom).toBe(true);
    // Unit 1 marked itself present online (an owner cannot claim the room): not the administrator's to vote.
    const online = await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[1].id, option: 'Sí' });
    expect(online.status).toBe(409);
    expect(online.body.error).toBe('not_in_room');
    const absent = await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[2].id, option: 'Sí' });
    expect(absent.status).toBe(409);
    expect(await db()('assemblyVotes').where({ itemId }).select('unitId', 'inRoom')).toEqual([{ unitId: world.units[0].id, inRoom: true }]);
  });
});

describe('quorum', () => {
  it('refuses to open a vote below the first call quorum, with the figures, and opens once reached', async () => {
    const world = await building([40, 10, 50]);
    const assembly = await inSession(world, [{ title: 'Presupuesto' }], {}, [0, 1]);
    const itemId = assembly.items[0].id;
    const refused = await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('below_quorum');
    expect(refused.body.message).toBe('Sin quórum: presentes 50.00 % de las cuotas (2 unidades); se requiere más de 50 %');
    const detail = (await world.agent.get(`/api/assemblies/${assembly.id}`).expect(200)).body;
    expect(detail.quorum).toMatchObject({ call: 'first', presentWeight: 500_000, totalWeight: 1_000_000, presentUnits: 2, totalUnits: 3, reached: false });
    expect(detail.quorumFirst).toMatchObject({ presentUnits: 2, reached: false });
    const checked = await checkIn(world, assembly.id, 2);
    expect(checked.body.quorum).toMatchObject({ presentWeight: 1_000_000, reached: true });
    const quorumEvents = await eventsOf('assembly.quorum', assembly.id);
    expect(quorumEvents.at(-1)).toMatchObject({ audience: 'property', propertyId: world.property.id });
    expect((await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`)).status).toBe(200);
    expect(await eventsOf('assembly.item_opened', assembly.id)).toHaveLength(1);
  });

  it('at second call the units present are the quorum; none present is refused', async () => {
    const world = await building([90, 10]);
    const assembly = await inSession(world, [{ title: 'Jardín' }], { second: true }, []);
    const itemId = assembly.items[0].id;
    const refused = await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Sin quórum: no hay unidades presentes');
    await checkIn(world, assembly.id, 1).expect(200);
    expect((await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`)).status).toBe(200);
    const detail = (await world.agent.get(`/api/assemblies/${assembly.id}`).expect(200)).body;
    expect(detail.quorumSecond).toMatchObject({ call: 'second', presentWeight: 100_000, reached: true });
  });
});

describe('proxies and eligibility', () => {
  it('an approved proxy holder votes for the unit instead of its owner', async () => {
    const world = await building([70, 30]);
    const holder = await createUser({ role: 'Propietario', organizationId: world.organization.id });
    const assembly = await convened(world, [{ title: 'Administrador nuevo' }]);
    const owner = await world.ownerAgent(0);
    const letter = { fileName: 'poder.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') };
    const html = await owner.post(`/api/assemblies/${assembly.id}/proxies`).send({ unitId: world.units[0].id, holderUserId: holder.id, letter: { ...letter, content: Buffer.from('<html></html>').toString('base64') } });
    expect(html.status).toBe(400);
    const missing = await owner.post(`/api/assemblies/${assembly.id}/proxies`).send({ unitId: world.units[0].id, letter });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.holderName).toBe('Indique quién recibe el poder: un usuario, o nombre y cédula');
    const notMine = await owner.post(`/api/assemblies/${assembly.id}/proxies`).send({ unitId: world.units[1].id, holderUserId: holder.id, letter });
    expect(notMine.status).toBe(403);
    const proxy = await owner.post(`/api/assemblies/${assembly.id}/proxies`).send({ unitId: world.units[0].id, holderUserId: holder.id, letter });
    expect(proxy.status).toBe(201);
    expect(proxy.body.status).toBe('pending');
    expect((await owner.patch(`/api/proxies/${proxy.body.id}`).send({ status: 'approved' })).status).toBe(403);

    await checkIn(world, assembly.id, 0).expect(200);
    await checkIn(world, assembly.id, 1).expect(200);
    await world.agent.post(`/api/assemblies/${assembly.id}/start`).expect(200);
    const itemId = assembly.items[0].id;
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`).expect(200);
    const holderAgent = await signedIn(holder);
    const early = await holderAgent.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[0].id, option: 'Sí' });
    expect(early.status).toBe(404); // not yet an owner nor holder of this property: the assembly is out of reach
    const approved = await world.agent.patch(`/api/proxies/${proxy.body.id}`).send({ status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect((await world.agent.patch(`/api/proxies/${proxy.body.id}`).send({ status: 'rejected' })).status).toBe(409);
    expect((await vote(world, assembly.id, itemId, 0, 'No')).status).toBe(403);
    const byProxy = await holderAgent.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[0].id, option: 'Sí' });
    expect(byProxy.status).toBe(200);
    const ballot = await db()('assemblyVotes').where({ itemId, unitId: world.units[0].id }).first();
    expect(ballot).toMatchObject({ voterId: holder.id, proxyId: proxy.body.id, option: 'Sí' });
    const attendance = (await world.agent.get(`/api/assemblies/${assembly.id}/attendance`).expect(200)).body;
    expect(attendance[0]).toMatchObject({ unitNumber: '101', share: 70, present: true, via: 'room' });
    expect(attendance[0].proxyHolder).toBe(`${holder.name} ${holder.lastName}`.trim());
  });

  it('units with overdue charges attend but do not vote when the assembly blocks them', async () => {
    const world = await building([50, 30, 20]);
    await createCharge({ unitId: world.units[1].id, dueDate: day(-10) });
    const assembly = await inSession(world, [{ title: 'Cuota extraordinaria', majority: 'absolute' }], { blockDelinquent: true });
    const itemId = assembly.items[0].id;
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`).expect(200);
    const blocked = await vote(world, assembly.id, itemId, 1, 'Sí');
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toBe('delinquent');
    expect((await vote(world, assembly.id, itemId, 0, 'Sí')).status).toBe(200);
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/close`).expect(200);
    const result = (await world.agent.get(`/api/assemblies/${assembly.id}/items/${itemId}/results`).expect(200)).body;
    // 50 of the 70 that may vote: an absolute majority.
    expect(result).toMatchObject({ eligibleWeight: 700_000, castWeight: 500_000, passed: true });
  });

  it('residents who are not owners read the assembly but neither vote nor check in', async () => {
    const world = await building([50, 50]);
    const { user: resident } = await createResident({ property: world.property, unit: world.units[0] });
    const residentAgent = await signedIn(resident);
    const draft = await world.agent.post('/api/assemblies').send({ propertyId: world.property.id, title: 'Borrador', firstCallAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(), items: [] });
    expect((await residentAgent.get(`/api/assemblies/${draft.body.id}`)).status).toBe(404);
    const assembly = await inSession(world, [{ title: 'Piscina' }]);
    const seen = await residentAgent.get(`/api/assemblies/${assembly.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.actions).toEqual([]);
    expect(seen.body.myUnits).toEqual([]);
    const list = await residentAgent.get('/api/assemblies');
    expect(list.body.map((row: { id: number }) => row.id)).toEqual([assembly.id]);
    const itemId = assembly.items[0].id;
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${itemId}/open`).expect(200);
    const refused = await residentAgent.post(`/api/assemblies/${assembly.id}/items/${itemId}/votes`).send({ unitId: world.units[0].id, option: 'Sí' });
    expect(refused.status).toBe(403);
    expect((await residentAgent.post(`/api/assemblies/${assembly.id}/attendance`).send({ unitId: world.units[0].id })).status).toBe(403);
    expect((await residentAgent.post(`/api/assemblies/${assembly.id}/items/${itemId}/close`)).status).toBe(403);
    expect((await residentAgent.post('/api/assemblies').send({ propertyId: world.property.id, title: 'X', firstCallAt: new Date().toISOString() })).status).toBe(403);
  });

  it('answers 401 without a session, 403 to suppliers, 404 to other organizations', async () => {
    const world = await building([100]);
    const assembly = await inSession(world, [{ title: 'Techo' }]);
    expect((await (await client()).get('/api/assemblies')).status).toBe(401);
    const supplier = await signedIn(await createUser({ role: 'Suplidor', organizationId: world.organization.id }));
    expect((await supplier.get('/api/assemblies')).status).toBe(403);
    expect((await supplier.get(`/api/assemblies/${assembly.id}`)).status).toBe(403);
    const stranger = (await adminWorld()).agent;
    expect((await stranger.get(`/api/assemblies/${assembly.id}`)).status).toBe(404);
    expect((await stranger.get('/api/assemblies')).body).toEqual([]);
    expect((await stranger.post(`/api/assemblies/${assembly.id}/attendance`).send({ unitId: world.units[0].id, via: 'room' })).status).toBe(404);
    expect((await stranger.post(`/api/assemblies/${assembly.id}/items/${assembly.items[0].id}/open`)).status).toBe(404);
    expect((await stranger.get(`/api/assemblies/${assembly.id}/minutes.pdf`)).status).toBe(404);
    const strangerOwner = await signedIn(await createUser({ role: 'Propietario' }));
    expect((await strangerOwner.post(`/api/assemblies/${assembly.id}/items/${assembly.items[0].id}/votes`).send({ unitId: world.units[0].id, option: 'Sí' })).status).toBe(404);
    const foreign = await stranger.post('/api/assemblies').send({ propertyId: world.property.id, title: 'Ajena', firstCallAt: new Date().toISOString() });
    expect(foreign.status).toBe(404);
  });
});

describe('lifecycle and files', () => {
  it('convening tells every owner in the inbox and by email, whatever their email settings', async () => {
    const world = await building([50, 50]);
    await db()('users').where({ id: world.owners[0].id }).update({ preferences: JSON.stringify({ notifications: { messages: false } }) });
    const { user: resident } = await createResident({ property: world.property, unit: world.units[0] });
    const assembly = await convened(world, [{ title: 'Presupuesto' }]);
    const [row] = await eventsOf('assembly.convened', assembly.id);
    const event = (await loadEvent(Number(row.id)))!;
    expect(await transaction((trx) => deliverNotifications(trx, event, ruleFor(event.type)!))).toBe(2);
    const notified = (await db()('notifications').where({ eventId: event.id }).orderBy('userId').select('userId')).map((row) => row.userId);
    expect(notified).toEqual(world.owners.map((owner) => owner.id).sort((a, b) => a - b));
    expect(notified).not.toContain(resident.id);
    const emails = await db()('emailOutbox').whereIn('toAddress', world.owners.map((owner) => owner.email));
    expect(emails).toHaveLength(2);
    expect(emails[0].subject).toContain('Convocatoria: Asamblea ordinaria 2026');
  });


  it('warns under the organization’s days of notice, a setting only administrators read and change', async () => {
    const world = await building([60, 40]);
    expect((await world.agent.get('/api/assemblies/settings').expect(200)).body).toEqual({ noticeDays: 8 });
    const inTenDays = new Date(Date.now() + 10 * 24 * HOUR).toISOString();
    const created = await world.agent.post('/api/assemblies').send({ propertyId: world.property.id, kind: 'ordinary', title: 'Ordinaria', firstCallAt: inTenDays, items: [{ title: 'Presupuesto' }] });
    expect(created.status).toBe(201);
    expect(created.body.noticeWarning).toBeNull();

    // Bad values: field errors in the user's language, nothing saved.
    for (const noticeDays of [0, 91, 2.5, '15', null]) {
      const bad = await world.agent.put('/api/assemblies/settings').send({ noticeDays });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ noticeDays: 'Debe ser un número entero de días entre 1 y 90' });
    }
    // Owners and residents neither read nor change it.
    const owner = await world.ownerAgent(0);
    expect((await owner.get('/api/assemblies/settings')).status).toBe(403);
    expect((await owner.put('/api/assemblies/settings').send({ noticeDays: 3 })).status).toBe(403);

    expect((await world.agent.put('/api/assemblies/settings').send({ noticeDays: 15 }).expect(200)).body).toEqual({ noticeDays: 15 });
    expect((await world.agent.get('/api/assemblies/settings').expect(200)).body).toEqual({ noticeDays: 15 });
    const [event] = await db()('events').where({ type: 'assembly.settings_updated', organizationId: world.organization.id });
    expect(event).toMatchObject({ audience: 'administrators', actorId: world.admin.id, payload: { noticeDays: 15 } });
    // Ten days ahead is now short notice, in the setting's terms.
    const detail = await world.agent.get(`/api/assemblies/${created.body.id}`).expect(200);
    expect(detail.body.noticeWarning).toBe('La convocatoria sale con menos de 15 días de antelación');
    // Another organization keeps the default.
    const other = await building([100]);
    expect((await other.agent.get('/api/assemblies/settings').expect(200)).body).toEqual({ noticeDays: 8 });
  });

  it('validates input, edits drafts only, follows its states and warns of short notice', async () => {
    const world = await building([100]);
    const bad = await world.agent.post('/api/assemblies').send({ propertyId: world.property.id, kind: 'anual', title: '', firstCallAt: 'mañana', items: [{ title: 'X', majority: 'mucha', options: ['Sí'] }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['firstCallAt', 'items.0.majority', 'items.0.options', 'kind', 'title']);
    const soon = new Date(Date.now() + 2 * 24 * HOUR);
    const created = await world.agent.post('/api/assemblies').send({ propertyId: world.property.id, title: 'Extraordinaria', kind: 'extraordinary', firstCallAt: soon.toISOString(), items: [{ title: 'Informe', kind: 'informative' }] });
    expect(created.status).toBe(201);
    expect(new Date(created.body.secondCallAt).getTime() - soon.getTime()).toBe(30 * 60_000);
    expect(created.body.noticeWarning).toBe('La convocatoria sale con menos de 8 días de antelación');
    expect(created.body.items[0]).toMatchObject({ kind: 'informative', options: [] });
    const patched = await world.agent.patch(`/api/assemblies/${created.body.id}`).send({ items: [{ title: 'Presupuesto 2027' }] });
    expect(patched.body.items.map((item: { title: string; options: string[] }) => [item.title, item.options])).toEqual([['Presupuesto 2027', ['Sí', 'No', 'Abstención']]]);
    expect((await world.agent.post(`/api/assemblies/${created.body.id}/start`)).status).toBe(409);
    await world.agent.post(`/api/assemblies/${created.body.id}/convene`).expect(200);
    expect(await eventsOf('assembly.convened', created.body.id)).toHaveLength(1);
    expect((await world.agent.patch(`/api/assemblies/${created.body.id}`).send({ title: 'Otra' })).status).toBe(409);
    expect((await world.agent.post(`/api/assemblies/${created.body.id}/cancel`).send({})).status).toBe(400);
    const cancelled = await world.agent.post(`/api/assemblies/${created.body.id}/cancel`).send({ reason: 'Falta de quórum previsto' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Falta de quórum previsto' });
    expect((await world.agent.post(`/api/assemblies/${created.body.id}/convene`)).status).toBe(409);
  });

  it('closing publishes the minutes to the property documents, with attendance, quorum, results and votes', async () => {
    const world = await building([60, 40]);
    const assembly = await inSession(world, [{ title: 'Presupuesto 2027' }, { title: 'Elección secreta', secret: true }]);
    await decide(world, assembly.id, assembly.items[0].id, { 0: 'Sí', 1: 'No' });
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${assembly.items[1].id}/open`).expect(200);
    expect((await world.agent.post(`/api/assemblies/${assembly.id}/close`)).status).toBe(409);
    await vote(world, assembly.id, assembly.items[1].id, 1, 'No');
    await world.agent.post(`/api/assemblies/${assembly.id}/items/${assembly.items[1].id}/close`).expect(200);
    const closed = await world.agent.post(`/api/assemblies/${assembly.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    const document = await db()('documents').where({ id: closed.body.minutesDocumentId }).first();
    expect(document).toMatchObject({ propertyId: world.property.id, category: 'meeting-minutes', access: 'residents', fileType: 'application/pdf' });
    const text = await pdfText(document.content);
    expect(text).toContain('Acta de asamblea');
    expect(text).toContain('Presupuesto 2027');
    expect(text).toContain('Resultado: Sí · APROBADO');
    expect(text).toContain('101 Sí; 102 No');
    expect(text).toContain('Voto secreto: consta quién votó, no qué votó cada unidad.');
    expect(text).not.toContain('102 No (');
    expect(text).toContain('60.0000');
    expect(text).toContain('primera convocatoria: 100.00 % de las cuotas presentes (2 de 2 unidades); hay quórum');
    const owner = await world.ownerAgent(0);
    const pdf = await fetchBytes(owner, `/api/assemblies/${assembly.id}/minutes.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const ics = await owner.get(`/api/assemblies/${assembly.id}/invite.ics`);
    expect(ics.status).toBe(200);
    expect(ics.text).toContain('SUMMARY:Asamblea ordinaria 2026');
    const notice = await pdfText((await fetchBytes(owner, `/api/assemblies/${assembly.id}/notice.pdf`)).body);
    expect(notice).toContain('Orden del día');
  });
});
