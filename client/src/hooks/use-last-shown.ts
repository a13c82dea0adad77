import { useState } from 'react';

/**
 * `value`, or while it is null the last value that was not: a dialog keeps showing what it
 * showed while it fades out after its caller has already cleared the choice.
 */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}

/** `value` while `show` is true; once it turns false, the value it had then (for a dialog fading out). */
export function useKeptWhileHidden<T>(show: boolean, value: T): T {
  const [kept, setKept] = useState(value);
  if (show && kept !== value) setKept(value);
  return show ? value : kept;
}
