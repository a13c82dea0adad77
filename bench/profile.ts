import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of this process (V8's sampling profiler through the inspector), summed by
 * where the time goes: each function's own time, and the same by package (a dependency under
 * node_modules, node's internals, or Vecindad's own directory).
 */
export type ProfileRow = { dónde: string; '% propio': number };

type ProfileNode = { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } };

const session = new Session();
let connected = false;

export async function startProfile() {
  if (!connected) session.connect();
  connected = true;
  await session.post('Profiler.enable');
  // Every 100 µs: a request of about a millisecond gets about ten samples.
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}

const root = path.resolve(import.meta.dirname, '..');

/** Where a frame's code lives: a package, node's internals, V8 itself, or Vecindad's directory. */
function owner(url: string) {
  if (!url) return '(V8, GC, nativo)';
  if (url.startsWith('node:')) return 'node';
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = file.slice(modules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  return path.relative(root, file).split(path.sep).slice(0, 2).join('/');
}

export async function stopProfile(top = 25): Promise<{ byPackage: ProfileRow[]; byFunction: ProfileRow[] }> {
  const { profile } = (await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
  await session.post('Profiler.disable');
  // Time waiting for I/O is not the server's work.
  const nodes = profile.nodes.filter((node) => node.hitCount && node.callFrame.functionName !== '(idle)');
  const total = nodes.reduce((sum, node) => sum + node.hitCount!, 0) || 1;
  const sum = (key: (node: ProfileNode) => string) => {
    const sums = new Map<string, number>();
    for (const node of nodes) sums.set(key(node), (sums.get(key(node)) ?? 0) + node.hitCount!);
    return [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([where, hits]) => ({ dónde: where, '% propio': Math.round((hits / total) * 1000) / 10 }));
  };
  const all = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  return {
    // First, how much of the time the process was busy at all (the rest it waited for I/O).
    byPackage: [{ dónde: '(ocupado, % del tiempo total)', '% propio': Math.round((total / all) * 1000) / 10 }, ...sum((node) => owner(node.callFrame.url))],
    byFunction: sum(({ callFrame: { functionName, url, lineNumber } }) =>
      url ? `${functionName || '(anónima)'} ${owner(url)}/${path.basename(url)}:${lineNumber + 1}` : functionName),
  };
}
