import { buildApp } from './build';

/** `npm run build` (after the client): the compiled server, worker, scripts and migrations. */
await buildApp();
