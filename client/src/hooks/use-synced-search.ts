import { useEffect, useRef, useState } from 'react';

/**
 * A search box whose value lives elsewhere (the URL): what is typed is sent after a pause,
 * and when the value changes there (Back, Clear filters) the box follows it. `sendNow` sends
 * at once (Enter).
 */
export function useSyncedSearch(value: string, send: (q: string) => void, delayMs = 300) {
  const [search, setSearch] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    setSent(value);
    setSearch(value);
  }
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  useEffect(() => {
    if (search === sent) return;
    const timer = setTimeout(() => {
      setSent(search);
      latestSend.current(search);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [search, sent, delayMs]);
  const sendNow = () => {
    setSent(search);
    latestSend.current(search);
  };
  return [search, setSearch, sendNow] as const;
}
