import type { Knex } from 'knex';
import { db } from '../db';
import { countOpenRequests } from './maintenance/requests';
import type { User } from '../models';
import { whereDocumentReadable } from '../policies/documents';
import { whereEventInFeed } from '../policies/events';
import { readablePropertyIds } from '../policies/tenancy';
import { pendingTotals } from './statements';

export const RECENT_ACTIVITY_LIMIT = 5;

const count = async (query: Knex.QueryBuilder) => Number((await query.count('* as count').first())?.count ?? 0);

/**
 * The dashboard's figures, each counting only what the user may read (docs/permissions.md):
 * properties they read, residents of those properties (suppliers read no residents),
 * documents per access level, what the charges they may read still owe (billing's
 * `outstanding`: administrators every unit they reach, owners and residents their units), the
 * open maintenance requests they follow ("pending issues") and the latest events of their
 * activity feed (policies/events.ts).
 */
export async function dashboardSummary(user: User, trx: Knex = db()) {
  const [properties, residents, documents, balance, recentActivity, pendingIssues] = await Promise.all([
    count(trx('properties').whereIn('properties.id', readablePropertyIds(user, trx))),
    user.role === 'Suplidor'
      ? 0
      : count(
          trx('residents')
            .whereIn('residents.property_id', readablePropertyIds(user, trx))
            .whereNot('residents.status', 'inactive'),
        ),
    count(whereDocumentReadable(trx('documents'), user, trx)),
    pendingTotals(user, undefined, undefined, trx),
    whereEventInFeed(trx('events'), user, trx)
      .leftJoin('users as actor', 'actor.id', 'events.actor_id')
      .select('events.*', 'actor.name as actorName', 'actor.last_name as actorLastName')
      .orderBy('events.id', 'desc')
      .limit(RECENT_ACTIVITY_LIMIT),
    countOpenRequests(user, trx),
  ]);

  return { properties, residents, documents, outstandingBalance: Number(balance.outstanding), recentActivity, pendingIssues };
}
export type DashboardSummary = Awaited<ReturnType<typeof dashboardSummary>>;
