import fs from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_FRAME, signedInScreenAt } from '../shared/screens';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** What every page with a session asks for before its first render (client/src/main.tsx). */
const SESSION_USER = '/api/user';

/**
 * index.html for a visitor who may be signed in, naming what the screen at the path loads
 * next: the code and styles of the signed-in frame and of the screen (from the build's
 * manifest) and the session's user, which the client's identical request then takes. Without
 * them these are asked for only once the main bundle has run: on a slow mobile network, a
 * round trip and more later. Undefined for a path that is no signed-in screen, or without a
 * built client. Each path's page is made once per build.
 */
export function signedInPages(clientDir: string) {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  let built: { stamp: number; html: string; manifest: Manifest; loaded: Set<string>; pages: Map<string, string> } | undefined;

  /** A chunk's file, its imports' files and its styles, but for those the main bundle loads already. */
  const files = (manifest: Manifest, key: string, into: Set<string>, skip = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(chunk.file) || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) if (!skip.has(css)) into.add(css);
    for (const imported of chunk.imports ?? []) files(manifest, imported, into, skip);
    return into;
  };

  return (pathname: string): string | undefined => {
    const screen = signedInScreenAt(pathname);
    const stamp = screen && fs.statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
    if (!screen || stamp === undefined) return undefined;
    if (built?.stamp !== stamp) {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
      const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
      const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
      built = { stamp, html, manifest, loaded: files(manifest, entry, new Set()), pages: new Map() };
    }
    const { html, manifest, loaded, pages } = built;
    let page = pages.get(screen.path);
    if (page === undefined) {
      const code = new Set<string>();
      for (const module of [SIGNED_IN_FRAME, screen.module]) files(manifest, `src/${module}.tsx`, code, loaded);
      const links = [
        ...[...code].map((file) => (file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`)),
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${SESSION_USER}">`,
      ];
      page = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      pages.set(screen.path, page);
    }
    return page;
  };
}
