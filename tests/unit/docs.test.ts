import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documentation travels with the code: the README and the pages of docs/ link only to files
 * (and headings) that exist, every page of docs/ is reachable from the README, and code comments
 * cite docs/ rather than pages that are not in the repository.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = path.join(ROOT, 'docs');

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

const PAGES = [path.join(ROOT, 'README.md'), ...filesUnder(DOCS, (file) => file.endsWith('.md'))];
const relative = (file: string) => path.relative(ROOT, file);

/** A page's text without its fenced code blocks and inline code (their brackets are not links). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** The relative links of a page: `[text](target)`, without web addresses. */
function linksOf(file: string): string[] {
  const text = prose(fs.readFileSync(file, 'utf8'));
  return [...text.matchAll(/\]\(([^()\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** What is wrong with one link of a page, or null. */
function brokenLink(file: string, target: string): string | null {
  const [pathPart, anchor] = target.split('#');
  const destination = pathPart ? path.resolve(path.dirname(file), decodeURI(pathPart)) : file;
  if (!fs.existsSync(destination)) return `${relative(file)}: ${target} (no such file)`;
  if (anchor && destination.endsWith('.md') && !anchorsOf(destination).has(anchor)) return `${relative(file)}: ${target} (no such heading)`;
  return null;
}

describe('the documentation', () => {
  it('has its index beside the README, linked from it', () => {
    expect(fs.existsSync(path.join(DOCS, 'README.md')), 'docs/README.md').toBe(true);
    expect(linksOf(path.join(ROOT, 'README.md'))).toContain('docs/README.md');
  });

  it('links only to files and headings that exist', () => {
    const broken = PAGES.flatMap((file) => linksOf(file).map((target) => brokenLink(file, target))).filter(Boolean);
    expect(broken).toEqual([]);
  });

  it('reaches every page of docs/ from the README', () => {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file) || !file.endsWith('.md') || !fs.existsSync(file)) return;
      reached.add(file);
      for (const target of linksOf(file)) {
        const pathPart = target.split('#')[0];
        if (pathPart) visit(path.resolve(path.dirname(file), decodeURI(pathPart)));
      }
    };
    visit(path.join(ROOT, 'README.md'));
    const unreached = PAGES.filter((file) => !reached.has(file)).map(relative);
    expect(unreached).toEqual([]);
  });

  it('is what code comments cite, not pages outside the repository', () => {
    // Built from parts, so that this file does not cite them itself.
    const outside = new RegExp(['product/[\\w-]+\\.md', 'PRODUCT\\.md', 'ARCHITECTURE\\.md'].join('|'));
    const sources = ['server', 'client/src', 'shared', 'worker', 'scripts', 'migrations', 'tests', 'bench'].flatMap((folder) =>
      filesUnder(path.join(ROOT, folder), (file) => /\.tsx?$/.test(file)),
    );
    const citing = sources.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => (outside.test(line) ? `${relative(file)}:${index + 1}: ${line.trim()}` : null))
        .filter(Boolean),
    );
    expect(citing).toEqual([]);
  });
});
