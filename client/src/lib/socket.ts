import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { dispatchLiveEvent } from './live-events';

/**
 * The live connection (Socket.IO, same origin, session cookie). The server joins it to the
 * rooms the user may hear and emits each domain event as `event`. A connection that drops
 * after hearing an event and is back within the server's recovery window is replayed what it
 * missed (Socket.IO's connection state recovery); any other (the first, one that heard nothing,
 * one away too long) refetches every query, and so does a `resync` from the server (the user
 * gained rooms while away, whose events were not replayed). Connection failures
 * stay silent: the app works without live updates and keeps retrying in the background.
 * socket.io-client (13 KB) loads once the signed-in frame is painted and the browser idle
 * (a first connection starts by refetching, so nothing is missed meanwhile). Each signed-in
 * session has a connection of its own (see the cleanup below).
 */
let socket: Promise<Socket> | undefined;

/**
 * After the browser's first contentful paint (as it reports it; 3 s at most where it does
 * not), when it is idle: the library does not compete with the first screen's code and data
 * on a slow network. The first render is sliced (main.tsx), and an idle moment between its
 * slices would otherwise fetch it before the screen appears.
 */
const afterFirstPaintWhenIdle = () =>
  new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (!window.requestIdleCallback?.(() => resolve(), { timeout: 2000 })) window.setTimeout(resolve, 500);
    };
    if (performance.getEntriesByName('first-contentful-paint').length) return whenIdle();
    const fallback = window.setTimeout(painted, 3000);
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length) painted();
    });
    function painted() {
      observer.disconnect();
      window.clearTimeout(fallback);
      whenIdle();
    }
    try {
      observer.observe({ type: 'paint' });
    } catch {
      painted(); // no paint timing in this browser
    }
  });

function getSocket(): Promise<Socket> {
  socket ??= afterFirstPaintWhenIdle().then(async () => {
    const { io } = await import('socket.io-client');
    const live = io({
      autoConnect: false,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      withCredentials: true,
      reconnectionDelayMax: 10_000,
    });
    live.on('event', dispatchLiveEvent);
    return live;
  });
  return socket;
}

const RETRY_REFUSED_MS = 5000;

/** Set while a sign-out is under way: a connection that finishes loading meanwhile stays closed. */
let paused = false;

/**
 * Signing out here: the live connection closes first. Otherwise the server's disconnect of the
 * ended session is retried, refused, and the user refetched (a request answered 401). The
 * sign-out does not wait for socket.io-client when it has not loaded yet.
 */
export function pauseLiveConnection() {
  paused = true;
  void socket?.then((live) => void live.disconnect(), () => undefined);
}

/** The sign-out failed: still signed in, live again. */
export function resumeLiveConnection() {
  paused = false;
  void socket?.then((live) => void live.connect(), () => undefined);
}

/**
 * Keeps the socket connected while the calling component (the signed-in layout) is mounted.
 * A handshake refused as `unauthorized` means the session ended elsewhere: the user is
 * refetched (and sent to sign in); other refusals and a server-side disconnect (sign-out in
 * another tab, password reset) are retried, which Socket.IO does not do by itself.
 */
export function useLiveConnection(onUnauthorized: () => void) {
  const queryClient = useQueryClient();
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  });
  useEffect(() => {
    let live: Socket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const reconnectLater = () => {
      clearTimeout(retry);
      retry = setTimeout(() => live?.connect(), RETRY_REFUSED_MS);
    };
    const refetchEverything = () => void queryClient.invalidateQueries();
    const onConnect = () => {
      if (!live?.recovered) refetchEverything();
    };
    const onRefused = (error: Error & { data?: { code?: string } }) => {
      if (error.data?.code === 'unauthorized') unauthorized.current();
      if (error.data?.code) reconnectLater(); // transport errors are retried by Socket.IO itself
    };
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') live?.connect();
    };
    let unmounted = false;
    void getSocket().then((connection) => {
      if (unmounted) return;
      live = connection;
      live.on('connect', onConnect);
      live.on('resync', refetchEverything);
      live.on('connect_error', onRefused);
      live.on('disconnect', onDisconnect);
      if (!paused) live.connect();
    }, () => undefined); // not loaded (offline): the app works without live updates
    return () => {
      unmounted = true;
      clearTimeout(retry);
      live?.off('connect', onConnect);
      live?.off('resync', refetchEverything);
      live?.off('connect_error', onRefused);
      live?.off('disconnect', onDisconnect);
      live?.disconnect();
      // The signed-in session is over: the next one (perhaps another user's, in this tab) gets
      // a connection of its own, never this one's recovery of what it missed.
      socket = undefined;
      paused = false;
    };
  }, [queryClient]);
}
