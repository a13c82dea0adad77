import { useCallback, useState } from 'react';

/**
 * The broadcasts dismissed in this browser session (spec: hidden locally for the session only):
 * sessionStorage, so they come back in a new session or another tab.
 */
const STORAGE_KEY = 'vecindad.dismissedBroadcasts';

function read(): number[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function useDismissedBroadcasts() {
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set(read()));
  const dismiss = useCallback((id: number) => {
    setDismissed((current) => {
      const next = new Set(current).add(id);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...next].slice(-200)));
      } catch {
        // Storage unavailable (private mode): hidden for this page only.
      }
      return next;
    });
  }, []);
  return { dismissed, dismiss };
}
