import type { Context, Next } from 'koa';
import { SESSION_HINT_COOKIE } from '../../shared/session';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from './store';

/**
 * `vecindad.session=1`: a cookie the client can read (the session's own is httpOnly), so that it
 * asks GET /api/user only when a session may exist: a visitor who is not signed in makes no
 * request answered 401. It follows the session cookie (written with it at sign-in, registration
 * and renewal, cleared with it at sign-out) and says nothing more than that cookie's presence;
 * the server never reads it as proof of anything.
 */
export function sessionHint(secure: boolean) {
  const options = { path: '/', sameSite: 'lax', secure, httpOnly: false, signed: false, maxAge: SESSION_MAX_AGE_MS } as const;
  const hinted = (ctx: Context) => Boolean(ctx.cookies.get(SESSION_HINT_COOKIE));
  const write = (ctx: Context, present: boolean) => ctx.cookies.set(SESSION_HINT_COOKIE, present ? '1' : null, options);

  return {
    /**
     * Around koa-session: when the response writes the signed-in user's session cookie (sign-in,
     * registration, renewal), the hint is written after it with the very same expiry, so the
     * two end together (koa-session stamps its cookie only after saving the session).
     */
    async follow(ctx: Context, next: Next) {
      try {
        await next();
      } finally {
        const written = ([] as string[]).concat(ctx.response.get('Set-Cookie') || []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
        const expires = written && !written.startsWith(`${SESSION_COOKIE}=;`) && /expires=([^;]+)/i.exec(written)?.[1];
        if (expires && ctx.state.user && ctx.session?.userId === ctx.state.user.id) {
          ctx.cookies.set(SESSION_HINT_COOKIE, '1', { ...options, maxAge: undefined, expires: new Date(expires) });
        }
      }
    },

    /**
     * Around an /api request: a hint with no signed-in user behind it at the end (signed out,
     * session expired or ended elsewhere) goes, and so does that session, so a stale hint
     * costs one request answered 401 and no more. Not for a session ended a moment ago by a
     * sign-in or sign-out (store.ts: ENDED_SESSION_KEPT): that request was under way when the
     * browser received the next session's cookies, which its answer must not clear.
     */
    async dropStale(ctx: Context, next: Next) {
      try {
        await next();
      } finally {
        if (hinted(ctx) && !ctx.session?.ended && !(ctx.session?.userId && ctx.state.user)) {
          if (ctx.session) ctx.session = null;
          write(ctx, false);
        }
      }
    },

    /** Serving the page: a session cookie without its hint (a session older than the hint) gets one. */
    restore(ctx: Context) {
      if (ctx.cookies.get(SESSION_COOKIE) && !hinted(ctx)) write(ctx, true);
    },
  };
}
