import { lazy, Suspense } from 'react';
import { useCurrentToast } from './toast';

// The region's code (Radix Toast) loads with the first notice: most visits of /auth never
// show one, and the first download stays small.
const ToastRegion = lazy(() => import('./ToastRegion'));

/** Mounted once by the app; shows the notices of `toast()` from the first one on. */
export function Toaster() {
  // Null until the first notice; afterwards the last one stays (closed), so the region stays.
  return useCurrentToast() ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
