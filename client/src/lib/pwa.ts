import { useSyncExternalStore } from 'react';

/**
 * The service worker's state for the page (docs/modules/push.md): whether a new version waits
 * ("Actualizar") and whether the browser is offline ("Sin conexión"). The worker is registered
 * after the first render (main.tsx).
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

/**
 * Registers /sw.js (production builds only: the development server has none), after the first
 * render (main.tsx). The browser's own API, not workbox-window: that library would be 2.2 KB
 * (gzip) more on every first load, the sign-in page's included, for the two events used here.
 * A new version waits (src/sw.ts) until "Actualizar" sends it SKIP_WAITING; the page reloads
 * once that version controls it.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (!registration) return;
  // Only a version that replaces the one in control waits: the first one takes over by itself.
  const offer = (waiting: ServiceWorker) => {
    if (!navigator.serviceWorker.controller) return;
    applyUpdate = () => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    };
    set({ updateReady: true });
  };
  // Installed on an earlier visit and waiting since, or installed while this page is open.
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/** The registration push subscriptions hang from (waits for the worker to be active). */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.ready;
}
