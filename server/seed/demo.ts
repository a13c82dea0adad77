import type { Knex } from 'knex';
import { formatFileSize } from '../../shared/format';
import { billedUserId, settleUnit } from '../commands/ledger';
import { backfillBooks } from '../books/backfill';
import { pdfBuffer } from '../files/pdf';
import { presentBroadcast } from '../presenters/broadcast';
import { hashPassword } from '../services/passwords';
import { seedFinancesBank } from './financesBank';
import { seedFinancesClose } from './financesClose';
import { seedFinances } from './finances';
import { seedAssemblies } from './assemblies';
import { seedMaintenance } from './maintenance';
import { seedDesk } from './desk';
import { seedVisitors } from './visitors';
import { monthText } from '../commands/rowTexts';

/** Password of every demo account (README lists them). */
export const DEMO_PASSWORD = 'Vecindad2026';

export const DEMO_ACCOUNTS = [
  { username: 'admin@vecindad.do', role: 'Administrador', name: 'María', lastName: 'Fernández' },
  { username: 'superadmin@vecindad.do', role: 'Administrador', name: 'Luis', lastName: 'Almonte', isSuperAdmin: true },
  { username: 'propietario@vecindad.do', role: 'Propietario', name: 'José', lastName: 'Martínez' },
  { username: 'residente@vecindad.do', role: 'Residente', name: 'Ana', lastName: 'Rodríguez' },
  { username: 'suplidor@vecindad.do', role: 'Suplidor', name: 'Pedro', lastName: 'Gómez', companyName: 'Servicios Técnicos Quisqueya' },
] as const;

/** The administrator of the demo's client organization, Inmobiliaria Caribe. */
export const DEMO_CLIENT_ADMIN = { username: 'admin@caribe.do', role: 'Administrador', name: 'Carolina', lastName: 'Vargas' } as const;

const RESIDENT_NAMES = [
  ['Carmen', 'Peña'], ['Rafael', 'Batista'], ['Yolanda', 'Jiménez'], ['Miguel', 'Castillo'],
  ['Altagracia', 'Reyes'], ['Francisco', 'Guzmán'], ['Mercedes', 'Santana'], ['Juan Carlos', 'De la Cruz'],
  ['Rosa', 'Mejía'], ['Héctor', 'Ureña'], ['Patricia', 'Tavárez'], ['Ramón', 'Polanco'],
  ['Luz María', 'Abreu'], ['Fernando', 'Cabrera'], ['Daniela', 'Núñez'], ['Eduardo', 'Valdez'],
  ['Gabriela', 'Henríquez'], ['Manuel', 'Espinal'],
];

/** The first day-based date relative to today, as a timestamp. */
const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const slugEmail = (name: string, lastName: string) =>
  `${name}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z.]+/g, '') + '@correo.do';

/** A small real PDF with a title and paragraphs. */
const pdf = (title: string, paragraphs: string[]) =>
  pdfBuffer({ margin: 64, info: { Title: title, Author: 'Vecindad Administración' } }, (doc) => {
    doc.fontSize(18).text(title, { align: 'center' }).moveDown();
    doc.fontSize(11);
    for (const paragraph of paragraphs) doc.text(paragraph, { align: 'justify' }).moveDown(0.6);
  });

/**
 * A realistic demo organization in Santo Domingo: properties of each type with units,
 * residents, amenities, broadcasts, documents, charges and visitors, and one account per role.
 * Runs in the caller's transaction.
 */
export async function seedDemo(trx: Knex) {
  const password = await hashPassword(DEMO_PASSWORD);

  const [master] = await trx('organizations')
    .insert({
      name: 'Vecindad Administración',
      type: 'master',
      address: 'Av. Winston Churchill 1099, Piantini, Santo Domingo',
      subscriptionPlan: 'Empresarial',
      contactEmail: 'contacto@vecindad.do',
      contactPhone: '809-555-0100',
      accentColor: '#f59e0b',
    })
    .returning('*');
  const [client] = await trx('organizations')
    .insert({
      name: 'Inmobiliaria Caribe',
      type: 'client',
      parentId: master.id,
      domain: 'caribe.vecindad.do',
      address: 'Calle del Sol 45, Santiago de los Caballeros',
      subscriptionPlan: 'Estándar',
      maxUsers: 200,
      maxProperties: 20,
      contactEmail: 'info@caribe.do',
      contactPhone: '809-555-0200',
    })
    .returning('*');

  const insertUser = async (user: Record<string, unknown>) =>
    (
      await trx('users')
        .insert({
          email: user.username,
          password,
          termsAccepted: true,
          country: 'DO',
          city: 'DO-santo-domingo',
          phone: `809-555-${String(1000 + Math.floor(Math.random() * 8999))}`,
          organizationId: master.id,
          ...user,
        })
        .returning('*')
    )[0];

  const accounts: Record<string, { id: number; name: string; lastName: string }> = {};
  for (const account of DEMO_ACCOUNTS) accounts[account.role + (('isSuperAdmin' in account) ? '*' : '')] = await insertUser({ ...account });
  const admin = accounts.Administrador;
  const owner = accounts.Propietario;
  const residentAccount = accounts.Residente;
  const supplier = accounts.Suplidor;
  await insertUser({ ...DEMO_CLIENT_ADMIN, organizationId: client.id, city: 'DO-santiago' });

  const propertySeeds = [
    { name: 'Torre Vista Mar', address: 'Av. George Washington 500, Gascue', type: 'apartment', status: 'occupied', unitCount: 24, bedrooms: 3, bathrooms: 2.5, area: 145, rent: 6_500_000, ownerId: owner.id, description: 'Torre residencial frente al Malecón con piscina, gimnasio y salón de eventos.' },
    { name: 'Residencial Las Palmas', address: 'Calle Las Palmas 12, Arroyo Hondo', type: 'house', status: 'occupied', unitCount: 8, bedrooms: 4, bathrooms: 3.5, area: 260, rent: 9_500_000, description: 'Conjunto cerrado de casas con área de BBQ y parque infantil.' },
    { name: 'Plaza Comercial Naco', address: 'Av. Tiradentes 45, Naco', type: 'commercial', status: 'occupied', unitCount: 12, area: 1800, rent: 15_000_000, ownerId: owner.id, description: 'Plaza de locales comerciales con parqueo soterrado.' },
    { name: 'Edificio Piantini', address: 'Calle Gustavo Mejía Ricart 88, Piantini', type: 'mixed-use', status: 'reserved', unitCount: 16, bedrooms: 2, bathrooms: 2, area: 110, rent: 5_500_000, description: 'Locales en planta baja y apartamentos en los pisos superiores.' },
    { name: 'Villas Juan Dolio', address: 'Autopista Las Américas km 48, Juan Dolio', city: 'DO-san-pedro-de-macoris', type: 'house', status: 'vacant', unitCount: 6, bedrooms: 3, bathrooms: 2, area: 180, description: 'Villas de playa en temporada de alquiler.' },
  ];
  const properties = await trx('properties')
    .insert(propertySeeds.map(({ unitCount: _count, ...p }) => ({ country: 'DO', city: 'DO-santo-domingo', organizationId: master.id, ...p })))
    .returning('*');
  const [clientProperty] = await trx('properties')
    .insert({
      name: 'Residencial Los Jardines',
      address: 'Av. 27 de Febrero 120, Santiago',
      country: 'DO',
      city: 'DO-santiago',
      type: 'apartment',
      status: 'occupied',
      organizationId: client.id,
    })
    .returning('*');

  // Units: floors of four (A-D), as many as each property has.
  const units: Array<{ id: number; propertyId: number; unitNumber: string }> = [];
  const unitCounts = [...propertySeeds.map((seed) => seed.unitCount), 10];
  for (const [index, property] of [...properties, clientProperty].entries()) {
    const rows = Array.from({ length: unitCounts[index] }, (_, i) => ({
      propertyId: property.id,
      unitNumber: property.type === 'commercial' ? `L-${101 + i}` : `${Math.floor(i / 4) + 1}${'ABCD'[i % 4]}`,
      floor: Math.floor(i / 4) + 1,
      squareMeters: property.area ?? 100,
      bedrooms: property.bedrooms,
      bathrooms: property.bathrooms,
      monthlyRent: property.rent,
      isAvailable: property.status === 'vacant',
    }));
    units.push(...(await trx('units').insert(rows).returning(['id', 'propertyId', 'unitNumber'])));
  }
  const unitOf = (propertyIndex: number, unitIndex: number) =>
    units.filter((u) => u.propertyId === properties[propertyIndex].id)[unitIndex];

  // Residents: the demo Residente in Torre Vista Mar 4B, and neighbours across the properties.
  await trx('residents').insert({
    userId: residentAccount.id,
    propertyId: properties[0].id,
    unitId: unitOf(0, 13).id,
    status: 'active',
    isPrimary: true,
    startDate: isoDate(days(-400)),
  });
  const residentUsers: Array<{ id: number; propertyIndex: number }> = [{ id: residentAccount.id, propertyIndex: 0 }];
  for (const [i, [name, lastName]] of RESIDENT_NAMES.entries()) {
    const propertyIndex = [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0][i];
    const user = await insertUser({ username: slugEmail(name, lastName), name, lastName, role: 'Residente' });
    await trx('residents').insert({
      userId: user.id,
      propertyId: properties[propertyIndex].id,
      unitId: unitOf(propertyIndex, i % 6).id,
      status: i % 9 === 8 ? 'inactive' : i % 7 === 6 ? 'temporary' : 'active',
      isPrimary: i % 2 === 0,
      startDate: isoDate(days(-30 * (i + 2))),
    });
    residentUsers.push({ id: user.id, propertyIndex });
  }

  // Someone who registered yesterday naming Torre Vista Mar, waiting in the administrators'
  // queue (Residentes) for approval: until then the account reads nothing.
  const applicant = await insertUser({ username: slugEmail('Lorena', 'Paulino'), name: 'Lorena', lastName: 'Paulino', role: 'Residente' });
  const [joinRequest] = await trx('joinRequests')
    .insert({ organizationId: master.id, userId: applicant.id, propertyId: properties[0].id, propertyReference: 'Torre Vista Mar', createdAt: days(-1) })
    .returning(['id', 'createdAt']);

  const amenities = await trx('amenities')
    .insert([
      // Shared up to capacity, one unit at most 8 times a month.
      { name: 'Piscina', type: 'pool', description: 'Piscina en la azotea con vista al mar.', capacity: 20, hourlyRate: 0, openingTime: '08:00', closingTime: '20:00', exclusive: false, maxPerUnitPerMonth: 8, propertyId: properties[0].id, organizationId: master.id },
      { name: 'Gimnasio', type: 'gym', description: 'Equipos de cardio y pesas.', capacity: 12, hourlyRate: 0, openingTime: '05:00', closingTime: '23:00', exclusive: false, propertyId: properties[0].id, organizationId: master.id },
      // One party at a time, approved by the administration, RD$1,500/h and a RD$5,000 deposit.
      {
        name: 'Salón de fiestas', type: 'event_space', description: 'Salón climatizado para 80 personas.', capacity: 80, hourlyRate: 150_000, openingTime: '10:00', closingTime: '22:00',
        slotMinutes: 120, bufferMinutes: 30, minNoticeHours: 48, maxAdvanceDays: 90, exclusive: true, requiresApproval: true, cancelHoursBefore: 72, blockIfOverdue: true, deposit: 500_000,
        propertyId: properties[0].id, organizationId: master.id,
      },
      { name: 'Área de BBQ', type: 'bbq', description: 'Parrillas y mesas bajo techo.', capacity: 25, hourlyRate: 50_000, openingTime: '10:00', closingTime: '22:00', propertyId: properties[1].id, organizationId: master.id },
      { name: 'Parque infantil', type: 'playground', description: 'Área de juegos con piso de goma.', capacity: 20, hourlyRate: 0, openingTime: '07:00', closingTime: '19:00', isBookable: false, propertyId: properties[1].id, organizationId: master.id },
    ])
    .returning('*');

  const tomorrowAt = (hour: number, plusDays = 1) => {
    const date = days(plusDays);
    date.setUTCHours(hour + 4, 0, 0, 0); // Santo Domingo is UTC-4
    return date;
  };
  // A booking in each state (docs/modules/bookings.md), each with the unit of its resident.
  const unitIdOf = async (userId: number) => (await trx('residents').where({ userId }).orderBy('id').first('unitId'))?.unitId ?? null;
  const neighbourId = residentUsers.find((r) => r.propertyIndex === 0 && r.id !== residentAccount.id)!.id;
  await trx('amenityBookings').insert([
    { amenityId: amenities[2].id, userId: residentAccount.id, unitId: await unitIdOf(residentAccount.id), startTime: tomorrowAt(18, 3), endTime: tomorrowAt(22, 3), status: 'confirmed', attendees: 40, purpose: 'Cumpleaños', totalCost: 600_000, deposit: 500_000, blocksUntil: new Date(tomorrowAt(22, 3).getTime() + 30 * 60_000) },
    { amenityId: amenities[2].id, userId: neighbourId, unitId: await unitIdOf(neighbourId), startTime: tomorrowAt(14, 6), endTime: tomorrowAt(18, 6), status: 'pending', attendees: 30, purpose: 'Bautizo', totalCost: 600_000, deposit: 500_000 },
    { amenityId: amenities[2].id, userId: neighbourId, unitId: await unitIdOf(neighbourId), startTime: tomorrowAt(18, 8), endTime: tomorrowAt(20, 8), status: 'cancelled', cancelReason: 'Cambio de planes', attendees: 20, totalCost: 300_000, deposit: 500_000 },
    { amenityId: amenities[0].id, userId: residentAccount.id, unitId: await unitIdOf(residentAccount.id), startTime: tomorrowAt(10, 1), endTime: tomorrowAt(12, 1), status: 'confirmed', attendees: 4, exclusive: false },
    { amenityId: amenities[0].id, userId: neighbourId, unitId: await unitIdOf(neighbourId), startTime: tomorrowAt(10, 1), endTime: tomorrowAt(11, 1), status: 'confirmed', attendees: 6, exclusive: false },
    { amenityId: amenities[1].id, userId: residentAccount.id, unitId: await unitIdOf(residentAccount.id), startTime: tomorrowAt(6, -2), endTime: tomorrowAt(7, -2), status: 'completed', attendees: 1, exclusive: false },
    { amenityId: amenities[3].id, userId: residentUsers[8].id, unitId: await unitIdOf(residentUsers[8].id), startTime: tomorrowAt(12, 5), endTime: tomorrowAt(16, 5), status: 'pending', attendees: 15, purpose: 'Almuerzo familiar', totalCost: 200_000 },
  ]);

  const broadcasts = await trx('broadcasts')
    .insert([
      { title: 'Corte de agua programado', message: 'La CAASD realizará trabajos en la zona: no habrá servicio de agua el jueves de 8:00 a. m. a 2:00 p. m. Llene sus reservas.', category: 'emergency', propertyId: properties[0].id, createdBy: admin.id, startDate: days(-1), endDate: days(3) },
      { title: 'Mantenimiento de ascensores', message: 'El ascensor B estará fuera de servicio por mantenimiento preventivo durante la mañana del sábado.', category: 'maintenance', propertyId: properties[0].id, createdBy: admin.id, startDate: days(-2), endDate: days(5) },
      { title: 'Asamblea de propietarios', message: 'Convocamos a la asamblea ordinaria el próximo martes a las 7:00 p. m. en el salón de eventos.', category: 'event', propertyId: properties[0].id, createdBy: admin.id, startDate: days(0), endDate: days(10) },
      { title: 'Nuevo horario de la piscina', message: 'A partir de este mes la piscina abrirá de 8:00 a. m. a 8:00 p. m. todos los días.', category: 'announcement', status: 'expired', propertyId: properties[0].id, createdBy: admin.id, startDate: days(-40), endDate: days(-10) },
      { title: 'Fumigación general', message: 'El viernes se fumigarán las áreas comunes. Mantenga a sus mascotas dentro de casa.', category: 'maintenance', propertyId: properties[1].id, createdBy: admin.id, startDate: days(-1), endDate: days(4) },
      { title: 'Horario extendido en diciembre', message: 'Durante las fiestas la plaza abrirá hasta las 10:00 p. m. de lunes a domingo.', category: 'announcement', propertyId: properties[2].id, createdBy: admin.id, startDate: days(-3), endDate: null },
    ])
    .returning('*');

  const documentSeeds = [
    { title: 'Reglamento interno Torre Vista Mar', category: 'regulations', access: 'residents', propertyId: properties[0].id, fileName: 'reglamento-torre-vista-mar.pdf', paragraphs: ['Artículo 1. Las áreas comunes son de uso exclusivo de residentes y sus invitados registrados.', 'Artículo 2. El horario de silencio es de 10:00 p. m. a 7:00 a. m.', 'Artículo 3. Las mascotas deben circular con correa en las áreas comunes.', 'Artículo 4. Las mudanzas se coordinan con la administración con 48 horas de antelación.'] },
    { title: 'Acta de asamblea ordinaria', category: 'meeting-minutes', access: 'public', propertyId: null, fileName: 'acta-asamblea.pdf', paragraphs: ['Se reunieron los propietarios en asamblea ordinaria con quórum suficiente.', 'Se aprobó el presupuesto anual y el plan de mantenimiento de ascensores y fachada.'] },
    { title: 'Estado financiero anual', category: 'financial', access: 'admin', propertyId: null, fileName: 'estado-financiero.pdf', paragraphs: ['Ingresos por cuotas de mantenimiento: RD$ 4,320,000.00.', 'Gastos operativos: RD$ 3,910,500.00. Fondo de reserva: RD$ 409,500.00.'] },
    { title: 'Contrato de mantenimiento de ascensores', category: 'contracts', access: 'admin', propertyId: properties[0].id, fileName: 'contrato-ascensores.pdf', paragraphs: ['Contrato de servicio preventivo y correctivo de ascensores, vigencia de doce meses.'] },
    { title: 'Guía del residente', category: 'property-info', access: 'public', propertyId: null, fileName: 'guía-del-residente.pdf', paragraphs: ['Bienvenido a su nuevo hogar. En esta guía encontrará los contactos de la administración, el uso de las amenidades y el registro de visitantes.'] },
  ];
  const documents: Array<{ id: number; title: string; category: string; access: string; propertyId: number | null; uploadedAt: Date }> = [];
  for (const seed of documentSeeds) {
    const { paragraphs, ...fields } = seed;
    const content = await pdf(seed.title, paragraphs);
    const [document] = await trx('documents')
      .insert({
        ...fields,
        organizationId: master.id,
        fileType: 'application/pdf',
        content,
        sizeBytes: content.length,
        fileSize: formatFileSize(content.length),
        uploadedById: admin.id,
        uploadedAt: days(-documents.length * 3 - 1),
        lastModified: days(-documents.length * 3 - 1),
      })
      .returning(['id', 'title', 'category', 'access', 'propertyId', 'uploadedAt']);
    documents.push(document);
  }

  await seedMaintenance(trx, {
    organizationId: master.id,
    admin,
    supplier: { ...supplier },
    resident: residentAccount,
    owner,
    neighbours: residentUsers,
    tower: properties[0].id,
    towerUnit: unitOf(0, 13).id,
    plaza: properties[2].id,
    palmas: properties[1].id,
  });

  const billing = await seedBilling(trx, {
    organizationId: master.id,
    property: properties[0],
    units: units.filter((u) => u.propertyId === properties[0].id),
    admin,
    owner,
    resident: { ...residentAccount, unitId: unitOf(0, 13).id },
  });

  await seedFinances(trx, { organizationId: master.id, admin, tower: properties[0].id });
  await seedFinancesBank(trx, { organizationId: master.id, propertyId: properties[0].id, adminId: admin.id });

  await seedVisitors(trx, { organizationId: master.id, password, admin, resident: residentAccount, tower: properties[0].id, towerUnit: unitOf(0, 13).id });
  await seedDesk(trx, { admin, resident: residentAccount, tower: properties[0].id, towerUnit: unitOf(0, 13).id, otherUnits: [unitOf(0, 14).id, unitOf(0, 15).id] });
  await seedFinancesClose(trx, { organizationId: master.id, property: properties[0], admin });
  // The journal entries of the money rows written above (server/books/backfill.ts).
  await backfillBooks(trx);
  await seedAssemblies(trx, { organizationId: master.id, tower: properties[0].id, admin });

  // The activity feed starts with what the seed did, in the order it happened.
  const feed = [
    ...documents.map((d) => ({
      type: 'document.uploaded',
      organizationId: master.id,
      audience: d.access === 'admin' ? 'administrators' : d.access === 'residents' ? 'property' : 'members',
      propertyId: d.access === 'residents' ? d.propertyId : null,
      actorId: admin.id,
      subjectType: 'document',
      subjectId: d.id,
      payload: { id: d.id, title: d.title, category: d.category },
      createdAt: d.uploadedAt,
      publishedAt: d.uploadedAt,
    })),
    ...billing.feed,
    ...broadcasts
      .filter((b) => b.status === 'active')
      .map((b) => ({
        type: 'broadcast.created',
        organizationId: master.id,
        audience: 'property',
        propertyId: b.propertyId,
        actorId: admin.id,
        subjectType: 'broadcast',
        subjectId: b.id,
        payload: { broadcast: presentBroadcast(b) },
        createdAt: b.startDate,
        publishedAt: b.startDate,
      })),
    {
      type: 'join_request.created',
      organizationId: master.id,
      audience: 'administrators',
      propertyId: properties[0].id,
      actorId: applicant.id,
      subjectType: 'join_request',
      subjectId: joinRequest.id,
      payload: { name: 'Lorena Paulino', propertyName: 'Torre Vista Mar', propertyReference: 'Torre Vista Mar' },
      createdAt: joinRequest.createdAt,
      publishedAt: joinRequest.createdAt,
    },
  ];
  await trx('events').insert(feed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));

  return { organizationId: master.id };
}

/** The first day of the month `monthsAgo` months before this one, and its `day`th day, as 'YYYY-MM-DD'. */
function monthDay(monthsAgo: number, day: number) {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - monthsAgo);
  date.setUTCDate(day);
  return isoDate(date);
}

type SeedUser = { id: number; name: string; lastName: string };

/**
 * Four months of the monthly cuota (RD$ 4,500.00, issued on the 1st, due on the 10th) for every
 * unit of the demo tower, paid by most units around the due date by transfer, cash or cheque;
 * unit 2A owes the last two months (overdue), 3C paid half of last month, the current month
 * is half paid, and Ana (4B) has reported a transfer with its proof that waits for the
 * administration. The demo owner owns 1A and 1B. Receipts and invoices are numbered as the
 * app numbers them; allocations go through the same ledger step as the app's.
 */
async function seedBilling(
  trx: Knex,
  { organizationId, property, units, admin, owner, resident }: {
    organizationId: number;
    property: { id: number };
    units: Array<{ id: number; unitNumber: string }>;
    admin: SeedUser;
    owner: SeedUser;
    resident: SeedUser & { unitId: number };
  },
) {
  const CUOTA = 450_000;
  const byNumber = new Map(units.map((unit) => [unit.unitNumber, unit]));
  await trx('units').whereIn('id', [byNumber.get('1A')!.id, byNumber.get('1B')!.id]).update({ ownerId: owner.id });
  const billed = new Map<number, number | null>();
  for (const unit of units) billed.set(unit.id, await billedUserId(trx, unit.id));
  const months = [3, 2, 1, 0];
  const monthName = (monthsAgo: number) =>
    new Date(`${monthDay(monthsAgo, 15)}T12:00:00Z`).toLocaleDateString('es-DO', { month: 'long', year: 'numeric', timeZone: 'UTC' });

  for (const monthsAgo of months) {
    for (const unit of units) {
      await trx('charges').insert({
        organizationId,
        propertyId: property.id,
        unitId: unit.id,
        userId: billed.get(unit.id),
        type: 'maintenance',
        amount: CUOTA,
        dueDate: monthDay(monthsAgo, 10),
        description: `Cuota de mantenimiento de ${monthName(monthsAgo)}`,
        period: monthDay(monthsAgo, 1),
        invoiceNumber: (await trx.raw("select billing_next_number(?, 'invoice', ?::date) as n", [organizationId, monthDay(monthsAgo, 1)])).rows[0].n,
        createdById: admin.id,
        createdAt: new Date(`${monthDay(monthsAgo, 1)}T12:00:00Z`),
      });
    }
  }

  // The tower's billing plan (Billing, part 2): the units' shares (equal but for the rounding,
  // adding up to 100), the cuotas issued on the 1st and due on the 10th (the months above are
  // its periods, so the worker does not issue them again), 5 % late fee after 5 days of grace.
  const ordered = [...units].sort((a, b) => a.unitNumber.length - b.unitNumber.length || a.unitNumber.localeCompare(b.unitNumber));
  const share = Math.floor(1_000_000 / ordered.length) / 10_000;
  for (const [index, unit] of ordered.entries()) {
    const last = index === ordered.length - 1;
    await trx('units').where({ id: unit.id }).update({ share: last ? Math.round((100 - share * (ordered.length - 1)) * 10_000) / 10_000 : share });
  }
  await trx('billingPlans').insert({
    propertyId: property.id,
    organizationId,
    monthlyFee: CUOTA * units.length,
    split: 'share',
    issueDay: 1,
    dueDays: 9,
    reservePercent: 0,
    lateFeeKind: 'percent',
    lateFeeValue: 5,
    graceDays: 5,
    updatedById: admin.id,
    // Saved before the first of the months above: the plan existed on each of their issue days.
    createdAt: new Date(`${monthDay(4, 20)}T12:00:00Z`),
  });

  const methods = ['bank_transfer', 'cash', 'check'] as const;
  const payments: Array<Record<string, unknown>> = [];
  for (const monthsAgo of months) {
    units.forEach((unit, i) => {
      const overdueUnit = unit.unitNumber === '2A' && monthsAgo <= 1;
      const unpaidThisMonth = monthsAgo === 0 && (i % 2 === 1 || unit.id === resident.unitId);
      if (overdueUnit || unpaidThisMonth) return;
      const receivedAt = monthDay(monthsAgo, 3 + (i % 7));
      if (receivedAt > isoDate(new Date())) return;
      const method = methods[i % 3];
      payments.push({
        organizationId,
        propertyId: property.id,
        unitId: unit.id,
        userId: billed.get(unit.id),
        amount: unit.unitNumber === '3C' && monthsAgo === 1 ? CUOTA / 2 : CUOTA,
        method,
        reference: method === 'bank_transfer' ? `BPD-${receivedAt.replaceAll('-', '')}-${String(1000 + i * 37).slice(-4)}` : method === 'check' ? `CHQ-${200 + i}` : null,
        receivedAt,
        status: 'confirmed',
        recordedById: admin.id,
      });
    });
  }
  payments.sort((a, b) => String(a.receivedAt).localeCompare(String(b.receivedAt)));
  for (const payment of payments) {
    const [{ n }] = (await trx.raw("select billing_next_number(?, 'receipt', ?::date) as n", [organizationId, String(payment.receivedAt)])).rows;
    await trx('payments').insert({ ...payment, receiptNumber: n, createdAt: new Date(`${payment.receivedAt}T15:00:00Z`) });
  }
  for (const unit of units) await settleUnit(trx, unit.id);

  // 2A owes last month's cuota (some 45 days late): its late fee of this month, 5 % of it.
  const late = await trx('charges').where({ unitId: byNumber.get('2A')!.id, period: monthDay(1, 1), type: 'maintenance' }).first('id', 'invoiceNumber');
  await trx('charges').insert({
    organizationId,
    propertyId: property.id,
    unitId: byNumber.get('2A')!.id,
    userId: billed.get(byNumber.get('2A')!.id),
    type: 'late_fee',
    amount: CUOTA / 20,
    dueDate: monthDay(0, Math.min(16, Number(isoDate(new Date()).slice(8, 10)))),
    description: `Mora ${monthText(monthDay(0, 1))} de ${late.invoiceNumber}`,
    period: monthDay(0, 1),
    sourceChargeId: late.id,
    invoiceNumber: (await trx.raw("select billing_next_number(?, 'invoice', ?::date) as n", [organizationId, isoDate(new Date())])).rows[0].n,
  });

  // Ana's transfer for this month, reported with its proof, waiting for the administration.
  const reportedOn = isoDate(days(-1));
  const proof = await pdf('Comprobante de transferencia', [
    'Banco Popular Dominicano',
    `Transferencia a Vecindad Administración por RD$4,500.00 el ${reportedOn}.`,
    'Referencia: BPD-TRF-778812. Concepto: cuota de mantenimiento 4B.',
  ]);
  const [reported] = await trx('payments')
    .insert({
      organizationId,
      propertyId: property.id,
      unitId: resident.unitId,
      userId: resident.id,
      amount: CUOTA,
      method: 'bank_transfer',
      reference: 'BPD-TRF-778812',
      receivedAt: reportedOn,
      status: 'reported',
      recordedById: resident.id,
      createdAt: days(-1),
    })
    .returning('id');
  await trx('paymentProofs').insert({ paymentId: reported.id, fileName: 'comprobante-4B.pdf', fileType: 'application/pdf', sizeBytes: proof.length, content: proof });

  const event = {
    type: 'payment.reported',
    organizationId,
    propertyId: property.id,
    actorId: resident.id,
    subjectType: 'payment',
    subjectId: reported.id,
    payload: { id: reported.id, unitId: resident.unitId, unitNumber: '4B', propertyName: 'Torre Vista Mar', title: 'RD$4,500.00', amount: CUOTA, status: 'reported' },
    createdAt: days(-1),
    publishedAt: days(-1),
  };
  return { feed: [{ ...event, audience: 'administrators', userId: null }, { ...event, audience: 'user', userId: resident.id }] };
}

/** Whether the database has no organization yet (a fresh install). */
export async function databaseIsEmpty(knex: Knex) {
  return !(await knex('organizations').first('id'));
}
