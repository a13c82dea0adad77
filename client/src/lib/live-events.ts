import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@shared/events';

/**
 * The live events of the signed-in session, for any screen to listen to. The connection that
 * feeds them (lib/socket.ts, with socket.io-client) loads only with the signed-in layout.
 */
const handlers = new Set<(event: LiveEvent) => void>();

// Delivery is at least once: an event replayed after a reconnect is recognised by its id.
const seen = new Set<number>();

/** Hands a received event to every listener, once per event id. */
export function dispatchLiveEvent(event: LiveEvent) {
  if (seen.has(event.id)) return;
  seen.add(event.id);
  if (seen.size > 1000) seen.delete(seen.values().next().value!);
  for (const handler of handlers) handler(event);
}

/** Calls `handler` for every live event (once each) while the calling component is mounted. */
export function useLiveEvents(handler: (event: LiveEvent) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (event: LiveEvent) => latest.current(event);
    handlers.add(listener);
    return () => {
      handlers.delete(listener);
    };
  }, []);
}
