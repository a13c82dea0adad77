import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentToast } from './toast';

// The region's code (Radix Toast, 12 KB) is not in the first download: it loads with the first
// notice or at the first F8, whichever comes first (most visits show no notice).
const ToastRegion = lazy(() => import('./ToastRegion'));

const HOTKEY = 'F8';

/** Mounted once by the app; shows the notices of `toast()`. F8 focuses the region. */
export function Toaster() {
  const hasToast = Boolean(useCurrentToast());
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (loaded) return;
    // An F8 before the region exists loads it, then focuses it (Radix handles later presses).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== HOTKEY) return;
      setLoaded(true);
      let attempts = 0;
      const focusRegion = () => {
        const region = document.querySelector<HTMLElement>('.vec-toast-viewport');
        if (region) region.focus();
        else if (++attempts < 60) window.setTimeout(focusRegion, 50);
      };
      focusRegion();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loaded]);

  return loaded || hasToast ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
