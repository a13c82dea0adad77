import { AlertTriangle, Camera, CheckCircle2, MessageSquare, PlusCircle, RefreshCw, Star, UserCog, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Timeline, type TimelineEntry } from '@client/components/detail/Timeline';
import { useFormatDate } from '@client/lib/format';
import type { MaintenanceUpdateView } from '@shared/schemas/maintenance';
import { PhotoGallery } from './Photos';

/** What each update did, in the reader's language, from its structured changes. */
function useDescribe() {
  const { t } = useTranslation('maintenance');
  const formatDate = useFormatDate();
  return (update: MaintenanceUpdateView): { lines: string[]; icon: LucideIcon } => {
    const { changes } = update;
    const lines: string[] = [];
    let icon: LucideIcon = MessageSquare;
    if (changes.created) return { lines: [t('timeline.created')], icon: PlusCircle };
    if (changes.overdue) return { lines: [t('timeline.overdue')], icon: AlertTriangle };
    if (changes.photo) return { lines: [t('timeline.photo')], icon: Camera };
    if (changes.rating) return { lines: [t('timeline.rating', { score: changes.rating })], icon: Star };
    if (changes.staffRemoved) lines.push(t('timeline.staffRemoved'));
    if (changes.accepted === true) lines.push(t('timeline.accepted'));
    if (changes.accepted === false) lines.push(t('timeline.declined'));
    else if (changes.assignedTo !== undefined && !changes.staffRemoved) {
      lines.push(changes.assignedTo ? t('timeline.assigned', { name: changes.assignedTo.name }) : t('timeline.unassigned'));
    }
    if (changes.scheduledDate !== undefined) {
      lines.push(changes.scheduledDate ? t('timeline.scheduled', { date: formatDate(changes.scheduledDate, 'dateTime') }) : t('timeline.unscheduled'));
    }
    if (changes.priority) lines.push(t('timeline.priority', { priority: t(`priorities.${changes.priority}`) }));
    if (changes.reopened) lines.push(t('timeline.reopened'));
    else if (changes.status) lines.push(t('timeline.status', { status: t(`statuses.${changes.status}`) }));
    if (lines.length) icon = changes.status === 'completed' ? CheckCircle2 : changes.assignedTo !== undefined || changes.accepted !== undefined ? UserCog : RefreshCw;
    return { lines, icon };
  };
}

/** The request's history, oldest first: who did what, comments, photos; internal notes marked. */
export function RequestTimeline({ updates }: { updates: MaintenanceUpdateView[] }) {
  const { t } = useTranslation('maintenance');
  const describe = useDescribe();
  const entries: TimelineEntry[] = updates.map((update) => {
    const { lines, icon } = describe(update);
    return {
      id: update.id,
      icon,
      actor: update.actor?.name ?? t('timeline.system'),
      at: update.createdAt,
      internal: update.visibility === 'internal',
      badge: update.status ? { label: t(`statuses.${update.status}`) } : undefined,
      text: (
        <>
          {lines.map((line) => (
            <div key={line} className="text-body-secondary small">
              {line}
            </div>
          ))}
          {update.content && <p className="mb-0 mt-1" style={{ whiteSpace: 'pre-line' }}>{update.content}</p>}
          {update.photos.length > 0 && (
            <div className="mt-2">
              <PhotoGallery photos={update.photos} />
            </div>
          )}
        </>
      ),
    };
  });
  return <Timeline entries={entries} label={t('detail.timelineLabel')} />;
}
