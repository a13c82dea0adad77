import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useFormatDate } from '@client/lib/format';
import type { ActivityItem } from '../api/get-dashboard';

function ActivityRow({ item }: { item: ActivityItem }) {
  const { t } = useTranslation('dashboard');
  const formatDate = useFormatDate();
  const label = item.title;
  // A direct notice is read here: its message under its title.
  const message = item.type === 'notice.sent' && typeof item.payload.message === 'string' ? item.payload.message : null;
  return (
    <li className="list-group-item d-flex flex-column flex-sm-row gap-1 gap-sm-3 justify-content-between px-0" data-testid="activity-item">
      <div className="min-w-0">
        <div>
          <span className="fw-semibold">{t(`activity.types.${item.type}`, { defaultValue: t('activity.types.generic') })}</span>
          {label && <span className="text-break">: {label}</span>}
        </div>
        {message && <p className="mb-1 text-break" data-testid="activity-message">{message}</p>}
        {item.actor && <small className="text-body-secondary">{t('activity.by', { name: item.actor.name })}</small>}
      </div>
      <time dateTime={item.createdAt} className="small text-body-secondary text-nowrap">
        {formatDate(item.createdAt)}
      </time>
    </li>
  );
}

type RecentActivityProps = { items: ActivityItem[] | undefined; isPending: boolean; error: unknown; onRetry: () => void };

/** The latest five events the user may see (live: refreshed on every event). */
export function RecentActivity({ items, isPending, error, onRetry }: RecentActivityProps) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="recent-activity-title" className="card h-100">
      <div className="card-body">
        <h2 id="recent-activity-title" className="h5 mb-3">
          {t('activity.title')}
        </h2>
        {isPending ? (
          <Loading />
        ) : error ? (
          <ErrorCard error={error} onRetry={onRetry} />
        ) : items?.length ? (
          <ul className="list-group list-group-flush">
            {items.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={Activity} title={t('activity.emptyTitle')} description={t('activity.empty')} className="border-0" />
        )}
      </div>
    </section>
  );
}
