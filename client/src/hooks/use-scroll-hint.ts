import { useEffect, useState, type RefObject } from 'react';

export type ScrollHint = { before: boolean; after: boolean };

/**
 * For a row that scrolls sideways (tabs on a phone): whether more of it lies before or after
 * what shows, so the row can say so (a fade and an arrow, `.vec-scroll-hint` in app.css).
 * The active item (`[aria-current]`) is brought into view when the row first shows.
 */
export function useScrollHint(ref: RefObject<HTMLElement | null>): ScrollHint {
  const [hint, setHint] = useState<ScrollHint>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setHint((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    const active = element.querySelector<HTMLElement>('[aria-current]');
    if (active && element.scrollWidth > element.clientWidth) {
      element.scrollLeft = Math.max(0, active.offsetLeft - element.offsetLeft - 24);
    }
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref]);
  return hint;
}
