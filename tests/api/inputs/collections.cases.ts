import type { InputCase } from './types';

/** Collecting money: the reminder schedule and "Enviar recordatorio" carry numbers only. */
export const cases: InputCase[] = [
  { route: 'PUT /api/billing/reminder-schedule', noText: 'The schedule: a list of day numbers only.' },
  { route: 'POST /api/billing/reminders', noText: 'The units to remind: a list of unit ids only.' },
];
