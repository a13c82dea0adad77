import { ServerResponse, type IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { User } from '../models';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionStore } from '../session/store';

/**
 * The signed-in user of a Socket.IO handshake and their session id, by the same rules as an
 * HTTP request: the `vecindad.sid` cookie verified against the app's keys (Koa's own cookie
 * code, on a context made for the handshake), then the session row and its user in one query.
 */
export async function userOfHandshake(app: Koa, request: IncomingMessage): Promise<{ user: User; sid: string } | undefined> {
  const ctx = app.createContext(request, new ServerResponse(request));
  const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  if (!sid) return undefined;
  const session = await sessionStore.get(sid, SESSION_MAX_AGE_MS, { ctx });
  const user = ctx.state.user;
  return session?.userId && user?.id === session.userId ? { user, sid } : undefined;
}

/** A cross-site page may not open a socket with the user's cookie (Origin checked like mutations). */
export function sameOriginHandshake(request: IncomingMessage, appOrigin?: string) {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser
  try {
    const host = new URL(origin).host;
    return host === request.headers.host || (appOrigin !== undefined && host === new URL(appOrigin).host);
  } catch {
    return false;
  }
}
