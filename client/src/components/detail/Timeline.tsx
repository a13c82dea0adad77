import { Circle, Lock, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type Key, type ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@client/lib/format';
import './detail.css';

export type TimelineEntry = {
  id: Key;
  /** What kind of entry it is (a status change, a comment, a payment); a dot when absent. */
  icon?: LucideIcon;
  /** Who did it ("Pedro Sosa"); absent for what the system did. */
  actor?: string | null;
  /** When (ISO text or Date): shown relative ("hace 2 horas"), the exact date and time on hover. */
  at: string | Date;
  /** What happened, and any text that came with it (a comment). */
  text: ReactNode;
  /** A short label beside the time ("En curso", "Pagado"). */
  badge?: { label: string; bg?: string };
  /** Seen by staff only (an internal note): marked so. */
  internal?: boolean;
};

type TimelineProps = {
  entries: TimelineEntry[];
  /** Names the list for screen readers ("Historial de la orden"). */
  label: string;
};

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "hace 3 horas", "ayer", "ahora" in the user's language (Intl, no strings of ours). */
export function relativeTime(at: Date, now: Date, language: string) {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  // Under a minute (or a clock slightly ahead of ours): "ahora".
  return format.format(0, 'second');
}

/** The current time, again every minute (relative times stay true on a screen left open). */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The history of a record in a detail view (a work order's updates, a statement's charges and
 * payments, a visitor's entries), oldest or newest first as given: an ordered list, one entry
 * per event with its icon, who, when, what, a badge and the internal-note marker.
 */
export function Timeline({ entries, label }: TimelineProps) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const now = useNow();
  return (
    <ol className="vec-timeline list-unstyled mb-0" aria-label={label}>
      {entries.map(({ id, icon: Icon = Circle, actor, at, text, badge, internal }) => {
        const when = new Date(at);
        return (
          <li key={id} className="vec-timeline-entry" data-testid="timeline-entry">
            <span className={`vec-empty-icon vec-timeline-icon${internal ? ' vec-timeline-internal' : ''}`} aria-hidden>
              <Icon size={14} />
            </span>
            <div className="min-w-0">
              <div className="d-flex flex-wrap align-items-center column-gap-2 small">
                {actor && <span className="fw-semibold text-break">{actor}</span>}
                <time dateTime={when.toISOString()} title={formatDate(when)} className="text-body-secondary">
                  {relativeTime(when, now, i18n.language)}
                </time>
                {badge && (
                  <Badge bg={badge.bg ?? 'secondary-subtle'} text={badge.bg ? undefined : 'dark'}>
                    {badge.label}
                  </Badge>
                )}
                {internal && (
                  <Badge bg="warning-subtle" text="dark" className="d-inline-flex align-items-center gap-1">
                    <Lock size={12} aria-hidden />
                    {t('timeline.internal')}
                  </Badge>
                )}
              </div>
              <div className="text-break mt-1">{text}</div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
