import type { Broadcast } from '../api/get-broadcasts';

/** What the broadcast form starts with and edits. */
export type BroadcastFormValues = {
  title: string;
  message: string;
  category: Broadcast['category'];
  status: Broadcast['status'];
  startDate: Date;
  endDate: Date | null;
  /** The properties it goes to: a broadcast's own one; for a new one, those chosen. */
  propertyIds: number[];
};

/**
 * The form's first values: a broadcast's own, or the spec's defaults for a new one (status
 * active, category announcement, starting today, no end date) going to `propertyIds`. Called
 * when the dialog opens.
 */
export function broadcastFormValues(broadcast?: Broadcast, propertyIds: number[] = []): BroadcastFormValues {
  if (!broadcast) return { title: '', message: '', category: 'announcement', status: 'active', startDate: new Date(), endDate: null, propertyIds };
  return {
    title: broadcast.title,
    message: broadcast.message,
    category: broadcast.category,
    status: broadcast.status,
    startDate: new Date(broadcast.startDate),
    endDate: broadcast.endDate ? new Date(broadcast.endDate) : null,
    propertyIds: [broadcast.propertyId],
  };
}
