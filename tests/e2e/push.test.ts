import { expect } from 'vitest';
import { db } from '../../server/db';
import { walkInTag } from '../../shared/push';
import { createOrganization, createProperty, createResident, createStaff, createUser } from '../support/factories';
import { sessionCookie } from '../support/live';
import { signInAs, useBrowser } from './support/browser';

/**
 * The installable app in Chromium (docs/modules/push.md): the service worker registers, a push
 * delivered through the DevTools protocol (ServiceWorker.deliverPushMessage, what a push
 * service's message becomes inside the browser) shows its notification, and a walk-in's
 * "Permitir" records the decision. The DevTools protocol cannot click a notification's
 * buttons: the test asks the service worker to run its notificationclick path through its
 * message channel (`NOTIFICATION_ACTION`, the same function a click runs).
 */
const { test } = useBrowser();

test('registers the service worker, shows a pushed walk-in and answers it with Permitir', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const property = await createProperty({ organizationId: organization.id });
  const { user: host, unit } = await createResident({ property });
  const guard = await createUser({ role: 'Suplidor', organizationId: organization.id });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  const asked = await fetch(url('/api/desk/walk-ins'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie: await sessionCookie(url(''), guard), Origin: url('') },
    body: JSON.stringify({ propertyId: property.id, unitId: unit.id, name: 'Pedro Mensajero', visitType: 'delivery' }),
  });
  expect(asked.status).toBe(201);
  const visitor = (await asked.json()) as { id: number };

  await context.grantPermissions(['notifications'], { origin: url('') });
  const cdp = await context.newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');

  await signInAs(page, host, '/');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 10_000 }).toBe('activated');
  await expect.poll(() => registrations.find((registration) => registration.scopeURL === url('/'))).toBeTruthy();
  const registrationId = registrations.find((registration) => registration.scopeURL === url('/'))!.registrationId;

  const payload = { title: 'Pedro Mensajero pide entrar', body: 'La recepción espera su respuesta.', url: '/visitors', tag: walkInTag(visitor.id) };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: url(''), registrationId, data: JSON.stringify(payload) });
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, actions: (n as Notification & { actions: Array<{ action: string; title: string }> }).actions.map(({ action, title }) => ({ action, title })) })),
    );
  await expect.poll(shown, { timeout: 10_000 }).toEqual([
    { title: payload.title, body: payload.body, tag: payload.tag, actions: [{ action: 'allow', title: 'Permitir' }, { action: 'deny', title: 'Denegar' }] },
  ]);

  const answered = await page.evaluate(
    async (data) =>
      new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        void navigator.serviceWorker.ready.then((registration) => registration.active!.postMessage({ type: 'NOTIFICATION_ACTION', action: 'allow', payload: data }, [channel.port2]));
      }),
    payload,
  );
  expect(answered).toEqual({ answered: true });
  const row = await db()('visitors').where({ id: visitor.id }).first();
  expect(row).toMatchObject({ status: 'scheduled', decidedById: host.id });
  // Sign-in, the worker's installation and a push, each waited for: on a shared, loaded machine.
}, { timeout: 120_000 });
