/**
 * `use-sync-external-store/shim` for the build (client/vite.config.ts): react-i18next (and some
 * screens' libraries) import that package's polyfill of useSyncExternalStore for React 17, which
 * at run time hands back React's own on React 18 and later. This module is what it hands back,
 * without the polyfill's code in every first load.
 */
export { useSyncExternalStore } from 'react';
