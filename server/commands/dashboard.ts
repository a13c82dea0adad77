import type { Knex } from 'knex';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import type { User } from '../models';
import { whereDocumentReadable } from '../policies/documents';
import { whereEventVisible } from '../policies/events';
import { readablePropertyIds, whereOrganizationReachable } from '../policies/tenancy';

export const RECENT_ACTIVITY_LIMIT = 5;

const count = async (query: Knex.QueryBuilder) => Number((await query.count('* as count').first())?.count ?? 0);

/**
 * The dashboard's figures, each counting only what the user may read (PRODUCT.md):
 * properties they read, residents of those properties (suppliers read no residents),
 * documents per access level, the pending charges they may read (administrators: every
 * charge of the organizations they reach; others: their own) and the latest visible events.
 */
export async function dashboardSummary(user: User, trx: Knex = db()) {
  const pendingPayments = trx('payments').where('payments.status', 'pending');
  if (isAdministrator(user)) {
    pendingPayments.whereIn(
      'payments.property_id',
      whereOrganizationReachable(trx('properties').select('properties.id'), 'properties.organization_id', user),
    );
  } else {
    pendingPayments.where('payments.user_id', user.id);
  }

  const [properties, residents, documents, balance, recentActivity] = await Promise.all([
    count(trx('properties').whereIn('properties.id', readablePropertyIds(user, trx))),
    user.role === 'Suplidor'
      ? 0
      : count(
          trx('residents')
            .whereIn('residents.property_id', readablePropertyIds(user, trx))
            .whereNot('residents.status', 'inactive'),
        ),
    count(whereDocumentReadable(trx('documents'), user, trx)),
    pendingPayments.sum('payments.amount as total').first(),
    whereEventVisible(trx('events'), user, trx)
      .leftJoin('users as actor', 'actor.id', 'events.actor_id')
      .select('events.*', 'actor.name as actorName', 'actor.last_name as actorLastName')
      .orderBy('events.id', 'desc')
      .limit(RECENT_ACTIVITY_LIMIT),
  ]);

  return { properties, residents, documents, outstandingBalance: Number(balance?.total ?? 0), recentActivity };
}
export type DashboardSummary = Awaited<ReturnType<typeof dashboardSummary>>;
