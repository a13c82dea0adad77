import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { CloseButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@client/lib/format';
import { useLiveEvents } from '@client/lib/live-events';
import { useMarkBroadcastRead } from '../api/mark-broadcast-read';
import { useActiveBroadcasts } from '../api/get-active-broadcasts';
import { broadcastsBaseKey, type Broadcast } from '../api/get-broadcasts';
import { usePropertyChoices, type BroadcastProperty } from '../api/get-broadcast-properties';
import { CATEGORY_STYLE, bannerOrder } from '../lib/categories';
import { useDismissedBroadcasts } from '../lib/dismissed';
import { applyToActiveList, isBroadcastEvent } from '../lib/live-cache';
import { isActiveAt, useAfterMidnight, useBroadcastClock } from '../lib/timing';

/** Spec section 9: the banner shows the next notice every 8 seconds. */
export const ROTATE_EVERY_MS = 8000;

/** The properties whose notices the banner shows (a resident's home; an owner's properties). */
const PROPERTIES_SHOWN = 25;

type Announcement = { text: string; urgent: boolean };

/**
 * The broadcast banner (spec section 2): the active notices of the properties the user reads,
 * one at a time, rotating among those not dismissed in this session, coloured by category.
 * Live: created, edited, expired and deleted notices change it at once, from the event alone;
 * a new or edited notice comes to the front and is announced to screen readers (at once for
 * an emergency). Notices that start or end later appear and go by the clock.
 */
export default function BroadcastBanner() {
  const { t } = useTranslation('broadcasts');
  const queryClient = useQueryClient();
  const properties = usePropertyChoices({ limit: PROPERTIES_SHOWN }).data?.items ?? [];
  const { broadcasts } = useActiveBroadcasts(properties.map((property) => property.id));
  const { dismissed, dismiss } = useDismissedBroadcasts();
  const markRead = useMarkBroadcastRead();
  const now = useBroadcastClock(broadcasts);
  const [chosen, setChosen] = useState<Broadcast | null>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);

  useAfterMidnight(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: [...broadcastsBaseKey(), 'active'] }), [queryClient]),
  );

  useLiveEvents((event) => {
    if (!isBroadcastEvent(event)) return;
    const { broadcast } = event.payload;
    if (!properties.some((property) => property.id === broadcast.propertyId)) return;
    applyToActiveList(queryClient, event);
    const changed = event.type === 'broadcast.created' || event.type === 'broadcast.updated';
    if (changed && isActiveAt(broadcast, Date.now()) && !dismissed.has(broadcast.id)) {
      setChosen(broadcast);
      const category = t(`category.${broadcast.category}`);
      const key = event.type === 'broadcast.created' ? 'banner.newNotice' : 'banner.updatedNotice';
      setAnnouncement({
        text: t(key, { category, title: broadcast.title, message: broadcast.message }),
        urgent: broadcast.category === 'emergency',
      });
    }
  });

  const shown = broadcasts.filter((broadcast) => isActiveAt(broadcast, now) && !dismissed.has(broadcast.id)).sort(bannerOrder);
  // The notice chosen (by rotation, arrows or arrival); once it is gone (ended, deleted,
  // dismissed) the rotation starts over at the first one (1/N).
  const current = (chosen && shown.find((broadcast) => broadcast.id === chosen.id)) ?? shown[0];

  return (
    <>
      {/* Announcements of new notices; the rotating banner itself stays quiet. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement && !announcement.urgent ? announcement.text : ''}
      </div>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement?.urgent ? announcement.text : ''}
      </div>
      {current && (
        <BannerCard
          broadcast={current}
          shown={shown}
          property={properties.length > 1 ? properties.find((property) => property.id === current.propertyId) : undefined}
          onShow={setChosen}
          onDismiss={(broadcast) => {
            // The last notice gone, the focus goes to the content instead of being lost.
            if (shown.length === 1) document.getElementById('main')?.focus();
            dismiss(broadcast.id);
            // Dismissed is seen: the administrators' read receipts count it.
            markRead.mutate(broadcast.id);
          }}
        />
      )}
    </>
  );
}

type BannerCardProps = {
  broadcast: Broadcast;
  shown: Broadcast[];
  property: BroadcastProperty | undefined;
  onShow: (broadcast: Broadcast) => void;
  onDismiss: (broadcast: Broadcast) => void;
};

/** One notice, with the counter and the controls; rotation pauses while pointed at or focused. */
function BannerCard({ broadcast, shown, property, onShow, onDismiss }: BannerCardProps) {
  const { t } = useTranslation('broadcasts');
  const formatDate = useFormatDate();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { variant, icon: Icon } = CATEGORY_STYLE[broadcast.category];
  const position = shown.indexOf(broadcast);
  const next = shown[(position + 1) % shown.length];
  const previous = shown[(position - 1 + shown.length) % shown.length];
  const [expanded, setExpanded] = useState(false);
  const paused = hovered || focused || expanded;
  const bodyId = useId();
  const body = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(body, broadcast.id);

  useEffect(() => {
    if (paused || shown.length < 2) return;
    const timer = setTimeout(() => onShow(next), ROTATE_EVERY_MS);
    return () => clearTimeout(timer);
  }, [paused, shown.length, next, broadcast.id, onShow]);

  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-label={t('banner.label')}
      className={`alert alert-${variant} mb-4 py-2 px-3`}
      data-testid="broadcast-banner"
      data-category={broadcast.category}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaveFocus}
    >
      <div className="d-flex align-items-center gap-2">
        <Icon size={18} aria-hidden className="flex-shrink-0" />
        <span className="small fw-semibold text-uppercase flex-grow-1 min-w-0 text-truncate">
          {t(`category.${broadcast.category}`)}
          {property && ` · ${property.name}`}
        </span>
        {shown.length > 1 && (
          <>
            <button type="button" className="btn btn-link text-reset p-1" aria-label={t('banner.previous')} onClick={() => onShow(previous)}>
              <ChevronLeft size={18} aria-hidden />
            </button>
            <span className="small fw-semibold text-nowrap" data-testid="broadcast-counter">
              <span aria-hidden>
                {position + 1}/{shown.length}
              </span>
              <span className="visually-hidden">{t('banner.counter', { current: position + 1, total: shown.length })}</span>
            </span>
            <button type="button" className="btn btn-link text-reset p-1" aria-label={t('banner.next')} onClick={() => onShow(next)}>
              <ChevronRight size={18} aria-hidden />
            </button>
          </>
        )}
        {(overflows || expanded) && (
          <button
            type="button"
            className="btn btn-link text-reset p-1 small text-nowrap"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded(!expanded)}
            data-testid="broadcast-expand"
          >
            {expanded ? <ChevronUp size={18} aria-hidden /> : <ChevronDown size={18} aria-hidden />}
            <span className="visually-hidden">{t(expanded ? 'banner.collapse' : 'banner.expand')}</span>
          </button>
        )}
        <CloseButton className="ms-1" aria-label={t('banner.dismiss', { title: broadcast.title })} onClick={() => onDismiss(broadcast)} />
      </div>
      {/* Collapsed, the notice takes at most a fifth of the screen (app.css); the chevron shows the rest. */}
      <div id={bodyId} ref={body} className={expanded ? '' : 'vec-banner-body'} data-testid="broadcast-banner-body">
        <p className="fw-bold mb-1 mt-1 text-break" data-testid="broadcast-banner-title">
          {broadcast.title}
        </p>
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>{broadcast.message}</p>
        {broadcast.endDate && (
          <p className="small mb-0 mt-1 opacity-75">{t('banner.until', { date: formatDate(broadcast.endDate, 'day') })}</p>
        )}
      </div>
    </section>
  );
}

/** Whether the element's content is taller than it shows (re-measured as it or the window resizes, and when `key` changes). */
function useOverflow(ref: RefObject<HTMLElement | null>, key: unknown) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, key]);
  return overflows;
}
