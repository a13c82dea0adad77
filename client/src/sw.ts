/**
 * The service worker (docs/modules/push.md), built by vite-plugin-pwa (injectManifest):
 * - the app shell (index.html, the first load's script and styles) precached by Workbox, the
 *   screens' code cached as used, so a reload without network shows the app (and its "Sin conexión" notice), not the browser's error;
 * - a new version waits until the page's "Actualizar" asks it to take over;
 * - Web Push: shows the notification (title, body, URL, tag); a click opens its URL; a walk-in's
 *   "Permitir" / "Denegar" answer the desk through POST /api/visitors/{id}/decision with the
 *   user's session cookie.
 * The project's TypeScript speaks the DOM library; the few worker types used are declared here.
 */
import { createHandlerBoundToURL, precacheAndRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { walkInOfTag } from '@shared/push';

type PushPayload = { title: string; body: string; url: string; tag: string };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown; text(): string } | null };
type NotificationAction = { action: string; title: string };
type ShownNotification = { tag: string; data: unknown; close(): void };
type NotificationClickEvent = ExtendableEvent & { action: string; notification: ShownNotification };
type WindowClient = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type Worker = {
  location: Location;
  registration: {
    showNotification(title: string, options: { body: string; tag: string; data: unknown; icon?: string; actions?: NotificationAction[]; requireInteraction?: boolean }): Promise<void>;
  };
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<unknown> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};
// Module scope: a declaration of the worker's global, emitting nothing (Workbox replaces
// `self.__WB_MANIFEST` by the list of precached files at build time).
declare const self: Worker & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
const worker: Worker = self;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every page of the app is the shell; the API, the operators' pages and sockets are not.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/admin\//, /^\/socket\.io\//] }));
// The screens' code (hashed file names, never changed in place) is kept as it is first used:
// a screen visited once opens offline too, without precaching every screen on install.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'vecindad-assets', plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
);

const ACTIONS: Record<'es' | 'en', NotificationAction[]> = {
  es: [{ action: 'allow', title: 'Permitir' }, { action: 'deny', title: 'Denegar' }],
  en: [{ action: 'allow', title: 'Allow' }, { action: 'deny', title: 'Deny' }],
};
const language = () => (/^en\b/.test(navigator.language) ? 'en' : 'es');

function payloadOf(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (data?.title) return { title: data.title, body: data.body ?? '', url: data.url ?? '/', tag: data.tag ?? '' };
  } catch {
    // Not JSON: shown as text below.
  }
  return { title: 'Vecindad', body: event.data?.text() ?? '', url: '/notifications', tag: '' };
}

worker.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  const walkIn = walkInOfTag(payload.tag);
  event.waitUntil(
    worker.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: payload,
      icon: '/logo.svg',
      ...(walkIn ? { actions: ACTIONS[language()], requireInteraction: true } : {}),
    }),
  );
});

/** Answers a walk-in from its notification: the decision call, with the user's session. */
async function decide(visitorId: number, allow: boolean) {
  const response = await fetch(`/api/visitors/${visitorId}/decision`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ allow }),
  });
  return response.ok;
}

async function openUrl(url: string) {
  const target = new URL(url, worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (open) {
    await open.navigate(target).catch(() => undefined);
    await open.focus();
  } else {
    await worker.clients.openWindow(target);
  }
}

/** What a click on the notification (or one of its buttons) does. */
async function clicked(action: string, payload: PushPayload) {
  const walkIn = walkInOfTag(payload.tag);
  if (walkIn && (action === 'allow' || action === 'deny')) {
    // A refused answer (no session, already decided) opens the visitors' screen instead.
    if (await decide(walkIn, action === 'allow')) return true;
  }
  await openUrl(payload.url || '/');
  return false;
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(clicked(event.action, event.notification.data as PushPayload));
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string; action?: string; payload?: PushPayload } | null;
  // The page's "Actualizar": this version takes over (the page reloads on controllerchange).
  if (data?.type === 'SKIP_WAITING') void worker.skipWaiting();
  // The same path as a click on a notification's button, for pages that relay one (and the
  // browser test: the DevTools protocol cannot click a notification's buttons).
  if (data?.type === 'NOTIFICATION_ACTION' && data.payload) {
    const port = event.ports[0];
    void clicked(data.action ?? '', data.payload).then((answered) => port?.postMessage({ answered }));
  }
});
