import type { Knex } from 'knex';
import { dayEnd, dayOf } from '../../shared/time';
import { newAccessCode, newPassToken } from '../commands/visitors/passes';

type Person = { id: number };

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** An instant at a Santo Domingo hour, `plusDays` from today. */
const at = (hour: number, plusDays = 0) => {
  const date = new Date(Date.now() + plusDays * DAY);
  date.setUTCHours(hour + 4, 0, 0, 0); // Santo Domingo is UTC-4
  return date;
};

/**
 * The demo's visitors (docs/modules/visitors.md): a security supplier working the tower's desk
 * (seguridad@vecindad.do), today's expected guest, a recurring nanny (Monday to Friday, with
 * her entries of the last days), a past visit, tomorrow's guest and technician, and a name on
 * the resident's do-not-admit list.
 */
export async function seedVisitors(
  trx: Knex,
  { organizationId, password, admin, resident, tower, towerUnit }: { organizationId: number; password: string; admin: Person; resident: Person; tower: number; towerUnit: number },
) {
  const [guard] = await trx('users')
    .insert({
      username: 'seguridad@vecindad.do',
      email: 'seguridad@vecindad.do',
      password,
      role: 'Suplidor',
      name: 'Julio',
      lastName: 'Santos',
      companyName: 'Seguridad Dominicana',
      phone: '809-555-0177',
      organizationId,
    })
    .returning('id');
  await trx('property_staff').insert({ propertyId: tower, userId: guard.id, service: 'security', createdById: admin.id });

  const base = { hostId: resident.id, propertyId: tower, unitId: towerUnit, createdById: resident.id };
  const pass = () => ({ accessCode: newAccessCode(), passToken: newPassToken() });
  const now = Date.now();
  const todayGuest = new Date(Math.max(at(17).getTime(), now + HOUR));
  const nannyFrom = at(8, -14);
  const [, nanny, past] = await trx('visitors')
    .insert([
      { ...base, ...pass(), name: 'Carolina Méndez', phone: '829-555-0148', purpose: 'Cena familiar', visitType: 'guest', passKind: 'one-time', expectedArrival: todayGuest, validFrom: todayGuest, validTo: dayEnd(dayOf(todayGuest)), maxUses: 1, vehiclePlate: 'A456789' },
      { ...base, ...pass(), name: 'Rosa Almonte', phone: '849-555-0121', purpose: 'Niñera', visitType: 'service', passKind: 'recurring', expectedArrival: nannyFrom, expectedDeparture: at(17, -14), validFrom: nannyFrom, validTo: dayEnd(dayOf(new Date(now + 90 * DAY))), weekdays: [1, 2, 3, 4, 5], uses: 0, notes: 'Trabaja de lunes a viernes de 8:00 a 17:00.' },
      { ...base, ...pass(), passToken: null, name: 'Miguel Herrera', email: 'miguel.herrera@correo.do', purpose: 'Entrega de muebles', visitType: 'delivery', passKind: 'one-time', expectedArrival: at(10, -5), validFrom: at(10, -5), validTo: dayEnd(dayOf(at(10, -5))), maxUses: 1, uses: 1, status: 'checked-out', checkInTime: at(10, -5), checkedInById: guard.id, checkOutTime: at(11, -5), checkedOutById: guard.id },
      { ...base, ...pass(), name: 'Laura Sánchez', email: 'laura.sanchez@correo.do', phone: '829-555-0133', purpose: 'Visita familiar', visitType: 'guest', passKind: 'one-time', expectedArrival: at(15, 1), expectedDeparture: at(19, 1), validFrom: at(15, 1), validTo: dayEnd(dayOf(at(15, 1))), maxUses: 1 },
      { ...base, ...pass(), name: 'Técnico de Claro', purpose: 'Instalación de internet', visitType: 'service', passKind: 'one-time', expectedArrival: at(10, 2), validFrom: at(10, 2), validTo: dayEnd(dayOf(at(10, 2))), maxUses: 1 },
    ])
    .returning('id');

  // The nanny's entries of the last two weeks (weekdays only, Santo Domingo days).
  const entries = [];
  for (let back = 13; back >= 1; back--) {
    const day = at(8, -back);
    const weekday = ((new Date(day.getTime() - 4 * HOUR).getUTCDay() + 6) % 7) + 1;
    if (weekday > 5) continue;
    entries.push({ visitorId: nanny.id, propertyId: tower, checkedInAt: day, checkedInById: guard.id, checkedOutAt: new Date(day.getTime() + 9 * HOUR), checkedOutById: guard.id });
  }
  if (entries.length) await trx('visits').insert(entries);
  const last = entries.at(-1);
  await trx('visitors')
    .where({ id: nanny.id })
    .update({ uses: entries.length, checkInTime: last?.checkedInAt ?? null, checkOutTime: last?.checkedOutAt ?? null, checkedInById: last ? guard.id : null, checkedOutById: last ? guard.id : null });
  await trx('visits').insert({ visitorId: past.id, propertyId: tower, checkedInAt: at(10, -5), checkedInById: guard.id, checkedOutAt: at(11, -5), checkedOutById: guard.id });
  await trx('visitor_blocks').insert({ propertyId: tower, unitId: towerUnit, name: 'Ernesto Vólquez', reason: 'Orden de alejamiento', createdById: resident.id });
  return { guard };
}
