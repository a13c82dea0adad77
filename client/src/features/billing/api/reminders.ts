import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { ReminderSchedule, ReminderSendResult, ReminderView } from '@shared/schemas/collections';
import { billingQueryKey, refreshBilling } from './queries';

/** POST /api/billing/reminders: "Enviar recordatorio" to these units (docs/modules/collections.md). */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitIds: number[]) => api.post<ReminderSendResult[]>('/api/billing/reminders', { unitIds }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** GET /api/units/:id/reminders: every reminder the unit was sent, newest first. */
export const useUnitReminders = (unitId: number | null) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'reminders', unitId],
    queryFn: () => api.get<ReminderView[]>(`/api/units/${unitId}/reminders`),
    enabled: unitId !== null,
  });

const scheduleKey = () => [...billingQueryKey(), 'reminder-schedule'] as const;

/** GET /api/billing/reminder-schedule: the organization's reminder days. */
export const useReminderSchedule = () => useQuery({ queryKey: scheduleKey(), queryFn: () => api.get<ReminderSchedule>('/api/billing/reminder-schedule') });

/** PUT /api/billing/reminder-schedule */
export function useSaveReminderSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSchedule) => api.put<ReminderSchedule>('/api/billing/reminder-schedule', body),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKey(), saved),
  });
}
