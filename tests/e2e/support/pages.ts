import type { Browser, Download, Page } from 'playwright-core';
import type { User } from '../../../server/models';
import { PASSWORD } from '../../support/factories';
import { DESKTOP, PHONE, signInAs } from './browser';

/** Resolves once the page's live socket is accepted by the server (Socket.IO's "40" packet). */
export const liveConnected = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve())),
  );

/** Signs the page in as `user` and opens `path`; resolves once its live socket is up. */
export async function signInLive(page: Page, user: Pick<User, 'username'>, path: string) {
  const connected = liveConnected(page);
  await signInAs(page, user, path);
  await connected;
}

/** Marks the page: a reload would clear the mark, so `notReloaded` proves that what follows happens live. */
export const markNoReload = (page: Page) => page.evaluate(() => Object.assign(window, { vecindadNoReload: true }));
export const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { vecindadNoReload?: boolean }).vecindadNoReload === true);

/**
 * Another browser (its own cookies and session storage) signed in as `user` on `path`, live and
 * marked against reloads; `frames` is what its socket received. A phone viewport is a touch phone.
 */
export async function openAs(browser: Browser, origin: string, user: Pick<User, 'username'>, path: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: origin, locale: 'es-DO', hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await signInLive(page, user, path);
  await markNoReload(page);
  return { context, page, frames };
}

/** Another session of `user` (its own cookies), signed in through the API of the page's server: its `request` calls the API as them. */
export async function apiSessionAs(page: Page, user: Pick<User, 'username'>) {
  const context = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const response = await context.request.post('/api/login', { data: { username: user.username, password: PASSWORD } });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return context;
}

/**
 * The paths the page requests with `method` from now on, as it sends them: a request a click
 * sent is listed before any a later click sends. For a check that a click (Cancel) sent none.
 */
export function requestsSent(page: Page, method: string) {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** The name and bytes of a download started by `action`. */
export async function downloaded(page: Page, action: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, action()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/**
 * Resolves once the page has done the rendering React had scheduled when it was called, and the
 * effects that rendering ran: React schedules its work as MessageChannel messages, delivered in
 * order, so a message posted now comes after it; a second one, after what it may have left for
 * its next message. For a check that something did NOT change on screen (a timer that did not fire).
 */
export const rendered = (page: Page) =>
  page.evaluate(async () => {
    for (let round = 0; round < 2; round++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });

/** The broadcast banner of the page's layout. */
export const banner = (page: Page) => page.getByTestId('broadcast-banner');
