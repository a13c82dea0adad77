import type { DashboardSummary } from '../commands/dashboard';

type EventRow = DashboardSummary['recentActivity'][number];

/** One item of the activity feed: the client words it from its type and payload. */
export function presentActivity(event: EventRow) {
  return {
    id: Number(event.id),
    type: event.type as string,
    propertyId: event.propertyId as number | null,
    subject: event.subjectType ? { type: event.subjectType as string, id: event.subjectId as number } : null,
    payload: (event.payload ?? {}) as Record<string, unknown>,
    actor: event.actorId
      ? { id: event.actorId as number, name: [event.actorName, event.actorLastName].filter(Boolean).join(' ') }
      : null,
    createdAt: new Date(event.createdAt).toISOString(),
  };
}

/** `GET /api/dashboard`: counts, the outstanding balance in centavos and the latest activity. */
export function presentDashboard(summary: DashboardSummary) {
  return {
    properties: summary.properties,
    residents: summary.residents,
    documents: summary.documents,
    outstandingBalance: summary.outstandingBalance,
    recentActivity: summary.recentActivity.map(presentActivity),
  };
}
export type DashboardResponse = ReturnType<typeof presentDashboard>;
export type ActivityItem = ReturnType<typeof presentActivity>;
