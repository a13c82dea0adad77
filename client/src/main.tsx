import './lib/no-eval';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { onlineManager } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { queryClient } from './app/providers/AppProviders';
import { preloadRoute } from './app/router';
import { brandingQueryOptions } from '@client/lib/branding';
import { mayBeSignedIn, userQueryOptions } from '@client/lib/auth';
import { i18nReady } from './lib/i18n';
import { registerServiceWorker } from './lib/pwa';

// Before React renders, the session, the branding, the screen's code (with the dashboard's
// data for a signed-in visitor) and the texts of a language other than Spanish are asked for
// at once. The first render waits for them (the spinner of index.html meanwhile): the screen
// then appears in one piece, not as a spinner, then a fallback while a screen's code loads,
// then the screen (which React holds back 300 ms after a fallback). That render is a
// transition: React slices it into short tasks, so a tap or a key meanwhile is not held up
// behind one long task.
// Offline (the service worker served the shell), React Query holds the session's and the
// branding's requests until the network is back: the first render does not wait for them, so
// the shell and its "Sin conexión" notice appear (the guards say what waits for the network).
// React Query assumes it is online until told otherwise: it is told what the browser knows.
onlineManager.setOnline(navigator.onLine);
const network = [
  queryClient.prefetchQuery(userQueryOptions()),
  queryClient.prefetchQuery(brandingQueryOptions()),
  preloadRoute(window.location.pathname, mayBeSignedIn()),
];
const ready = Promise.allSettled([i18nReady, ...(navigator.onLine ? network : [])]);

void ready.then(() => {
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // The service worker (offline shell, push) once the app is up: nothing of the first load waits for it.
  void registerServiceWorker();
});
