import type { Knex } from 'knex';
import { DEFAULT_DEADLINE_HOURS, type MaintenanceChanges } from '../../shared/schemas/maintenance';
import type { MaintenancePriority, MaintenanceStatus } from '../../shared/enums';

type Person = { id: number };
type Named = Person & { name: string; lastName: string };
const hours = (n: number) => new Date(Date.now() + n * 3600_000);
const nameOf = (person: Named) => `${person.name} ${person.lastName}`;

type Step = { by: Person | null; at: number; changes: MaintenanceChanges; status?: MaintenanceStatus; content?: string; internal?: boolean };
type Seed = {
  propertyId: number;
  unitId?: number;
  location?: string;
  requester: Person;
  title: string;
  description: string;
  priority: MaintenancePriority;
  /** Hours ago it was reported. */
  age: number;
  status: MaintenanceStatus;
  assignee?: Named;
  scheduledIn?: number;
  rating?: { score: number; comment: string };
  steps: Step[];
};

/**
 * The demo's work orders, one or more in every state, with their timelines: the supplier staffs
 * the demo tower and the plaza for maintenance, so the administrator can assign to him and he
 * sees "Mis trabajos"; the emergency at Las Palmas waits for an assignee.
 */
export async function seedMaintenance(
  trx: Knex,
  { organizationId, admin, supplier, resident, owner, neighbours, tower, towerUnit, plaza, palmas }: {
    organizationId: number;
    admin: Person;
    supplier: Named;
    resident: Person;
    owner: Person;
    /** Residents of the tower (2 and 4) and of Las Palmas (8). */
    neighbours: Person[];
    tower: number;
    towerUnit: number;
    plaza: number;
    palmas: number;
  },
) {
  await trx('property_staff').insert([
    { propertyId: tower, userId: supplier.id, service: 'maintenance', createdById: admin.id },
    { propertyId: plaza, userId: supplier.id, service: 'maintenance', createdById: admin.id },
  ]);
  const assigned = (person: Named) => ({ assignedTo: { id: person.id, name: nameOf(person) } });
  const seeds: Seed[] = [
    {
      propertyId: tower, unitId: towerUnit, requester: resident, title: 'Filtración en el baño principal',
      description: 'Hay humedad en el techo del baño y gotea cuando llueve.', priority: 'high', age: 50, status: 'in-progress', assignee: supplier, scheduledIn: -20,
      steps: [
        { by: admin, at: 46, changes: { ...assigned(supplier), scheduledDate: hours(-20).toISOString(), status: 'scheduled' }, status: 'scheduled' },
        { by: supplier, at: 40, changes: { accepted: true } },
        { by: admin, at: 30, changes: {}, content: 'Confirmar si la filtración viene del 5B antes de abrir el techo.', internal: true },
        { by: supplier, at: 20, changes: { status: 'in-progress' }, status: 'in-progress', content: 'Revisando la tubería del piso superior.' },
      ],
    },
    {
      propertyId: tower, location: 'Pasillo del piso 3', requester: neighbours[2], title: 'Luz fundida en el pasillo del piso 3',
      description: 'Dos lámparas del pasillo no encienden desde anoche.', priority: 'low', age: 6, status: 'pending', steps: [],
    },
    {
      propertyId: tower, location: 'Piscina', requester: neighbours[4], title: 'Bomba de la piscina hace ruido',
      description: 'La bomba hace un ruido metálico fuerte al encender.', priority: 'medium', age: 30, status: 'scheduled', assignee: supplier, scheduledIn: 26,
      steps: [{ by: admin, at: 24, changes: { ...assigned(supplier), scheduledDate: hours(26).toISOString(), status: 'scheduled' }, status: 'scheduled' }],
    },
    {
      propertyId: palmas, location: 'Portón principal', requester: neighbours[8], title: 'Portón eléctrico no abre',
      description: 'El portón del parqueo no responde al control remoto.', priority: 'emergency', age: 30, status: 'pending', steps: [],
    },
    {
      propertyId: plaza, location: 'Cuarto de máquinas', requester: owner, title: 'Revisión del aire acondicionado central',
      description: 'El aire central no enfría lo suficiente en las tardes.', priority: 'medium', age: 24 * 9, status: 'completed', assignee: supplier, scheduledIn: -24 * 7,
      rating: { score: 5, comment: 'Trabajo rápido y limpio.' },
      steps: [
        { by: admin, at: 24 * 8, changes: { ...assigned(supplier), scheduledDate: hours(-24 * 7).toISOString(), status: 'scheduled' }, status: 'scheduled' },
        { by: supplier, at: 24 * 7, changes: { status: 'in-progress' }, status: 'in-progress' },
        { by: supplier, at: 24 * 6, changes: { status: 'completed' }, status: 'completed', content: 'Se cambió el filtro y se recargó el refrigerante.' },
        { by: owner, at: 24 * 5, changes: { rating: 5 }, content: 'Trabajo rápido y limpio.' },
      ],
    },
    {
      propertyId: tower, unitId: towerUnit, requester: resident, title: 'Cambiar cerradura de la puerta principal',
      description: 'La llave se traba al abrir.', priority: 'low', age: 24 * 4, status: 'cancelled',
      steps: [{ by: resident, at: 24 * 3, changes: { status: 'cancelled' }, status: 'cancelled', content: 'Lo resolví con un cerrajero propio.' }],
    },
  ];

  for (const seed of seeds) {
    const requestedAt = hours(-seed.age);
    const completed = seed.steps.find((step) => step.status === 'completed');
    const accepted = seed.steps.find((step) => step.changes.accepted || step.status === 'in-progress');
    const [{ id }] = await trx('maintenance_requests').insert(
      {
        propertyId: seed.propertyId,
        unitId: seed.unitId ?? null,
        location: seed.location ?? null,
        requestedById: seed.requester.id,
        assignedToId: seed.assignee?.id ?? null,
        title: seed.title,
        description: seed.description,
        priority: seed.priority,
        status: seed.status,
        requestedAt,
        dueAt: new Date(requestedAt.getTime() + DEFAULT_DEADLINE_HOURS[seed.priority] * 3600_000),
        // Past its deadline and still open: the worker marked it.
        overdueAt: seed.age > DEFAULT_DEADLINE_HOURS[seed.priority] && !['completed', 'cancelled'].includes(seed.status) ? hours(DEFAULT_DEADLINE_HOURS[seed.priority] - seed.age) : null,
        scheduledDate: seed.scheduledIn === undefined ? null : hours(seed.scheduledIn),
        acceptedAt: accepted ? hours(-accepted.at) : null,
        completedAt: completed ? hours(-completed.at) : null,
        rating: seed.rating?.score ?? null,
        ratingComment: seed.rating?.comment ?? null,
        ratedAt: seed.rating ? hours(-24 * 5) : null,
        createdAt: requestedAt,
      },
      ['id'],
    );
    const steps: Step[] = [{ by: seed.requester, at: seed.age, changes: { created: true, status: 'pending', priority: seed.priority }, status: 'pending' }, ...seed.steps];
    await trx('maintenance_updates').insert(
      steps.map((step) => ({
        requestId: id,
        updatedById: step.by?.id ?? null,
        content: step.content ?? null,
        status: step.status ?? null,
        visibility: step.internal ? 'internal' : 'public',
        changes: step.changes,
        createdAt: hours(-step.at),
      })),
    );
    // The administrators' feed starts with the requests as they were reported.
    await trx('events').insert({
      type: 'maintenance.created',
      organizationId,
      audience: 'administrators',
      propertyId: seed.propertyId,
      actorId: seed.requester.id,
      subjectType: 'maintenance_request',
      subjectId: id,
      payload: { id, title: seed.title, status: seed.status, priority: seed.priority, propertyId: seed.propertyId },
      createdAt: requestedAt,
      publishedAt: requestedAt,
    });
  }
}
