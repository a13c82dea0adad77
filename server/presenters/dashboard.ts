import type { DashboardSummary } from '../commands/dashboard';
import { fullName } from '../../shared/format';

type EventRow = DashboardSummary['recentActivity'][number];

/**
 * What an activity names, wherever its payload keeps it: a title, a name, a notice's title
 * (kept in the event, so an expired notice is still named), a unit number.
 */
function activityTitle(payload: Record<string, unknown>): string | null {
  const broadcast = payload.broadcast as { title?: unknown } | undefined;
  const found = [payload.title, payload.name, broadcast?.title, payload.unitNumber].find((value) => typeof value === 'string' && value);
  return (found as string | undefined) ?? null;
}

/** One item of the activity feed: the client words it from its type, title and payload. */
export function presentActivity(event: EventRow) {
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  return {
    id: Number(event.id),
    type: event.type as string,
    title: activityTitle(payload),
    propertyId: event.propertyId as number | null,
    subject: event.subjectType ? { type: event.subjectType as string, id: event.subjectId as number } : null,
    payload,
    actor: event.actorId
      ? { id: event.actorId as number, name: fullName(event.actorName, event.actorLastName) }
      : null,
    createdAt: new Date(event.createdAt).toISOString(),
  };
}

/** `GET /api/dashboard`: counts, the outstanding balance in centavos, open maintenance requests and the latest activity. */
export function presentDashboard(summary: DashboardSummary) {
  return {
    properties: summary.properties,
    residents: summary.residents,
    documents: summary.documents,
    outstandingBalance: summary.outstandingBalance,
    pendingIssues: summary.pendingIssues,
    recentActivity: summary.recentActivity.map(presentActivity),
  };
}
export type DashboardResponse = ReturnType<typeof presentDashboard>;
export type ActivityItem = ReturnType<typeof presentActivity>;
