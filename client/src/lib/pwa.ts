import { useSyncExternalStore } from 'react';

/**
 * The service worker's state for the page (docs/modules/push.md): whether a new version waits
 * ("Actualizar") and whether the browser is offline ("Sin conexión"). The worker is registered
 * after the first render (main.tsx), in its own chunk: the sign-in page's first load is no heavier.
 */
type State = { updateReady: boolean; offline: boolean };
let state: State = { updateReady: false, offline: typeof navigator !== 'undefined' && !navigator.onLine };
const listeners = new Set<() => void>();
const set = (change: Partial<State>) => {
  state = { ...state, ...change };
  listeners.forEach((listener) => listener());
};
let applyUpdate: (() => void) | undefined;

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ offline: false }));
  window.addEventListener('offline', () => set({ offline: true }));
}

export function usePwaState(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** "Actualizar": the waiting version takes over and the page reloads with it. */
export const updateApp = () => applyUpdate?.();

/** Registers /sw.js (production builds only: the development server has none). */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    applyUpdate = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    set({ updateReady: true });
  });
  await wb.register().catch(() => undefined);
}

/** The registration push subscriptions hang from (waits for the worker to be active). */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.ready;
}
