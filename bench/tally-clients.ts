import { io, type Socket } from 'socket.io-client';
import type { LiveEvent } from '../shared/events';

/**
 * Owners' phones for the assemblies suite (forked by bench/suites/12-assemblies.ts, so their
 * work shares no event loop with the suite or the server). Each socket keeps every tally it
 * receives: Vecindad's `assembly.tally` (by the ballots it counts, `castUnits`) and the bare
 * baseline's `bare.tally` (by its sequence number), with the receipt time on the machine's
 * clock in ms.
 *
 * Messages: {type:'connect', sockets, concurrency} -> {type:'connected', connected, failed};
 * {type:'measure', kind, sent: [{ mark, at }]} -> {type:'measured', kind, latencies, missing}:
 * for each socket of that kind and each sent mark, the time from `at` to the socket's first
 * receipt of a tally at or past the mark (a later tally counts the earlier ballots too).
 */
type Kind = 'vecindad' | 'bare';
type ClientSocket = { url: string; cookie: string; kind: Kind };
type Message =
  | { type: 'connect'; sockets: ClientSocket[]; concurrency: number }
  | { type: 'measure'; kind: Kind; sent: Array<{ mark: number; at: number }> };

const now = () => performance.timeOrigin + performance.now();
const phones: Array<{ kind: Kind; socket: Socket; marks: number[]; times: number[] }> = [];

function open({ url, cookie, kind }: ClientSocket) {
  return new Promise<boolean>((resolve) => {
    const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false, timeout: 30_000 });
    const phone = { kind, socket, marks: [] as number[], times: [] as number[] };
    socket.on('event', (event: LiveEvent) => {
      const at = now();
      const payload = event.payload as { tally?: { castUnits: number }; seq?: number };
      const type: string = event.type;
      const mark = type === 'assembly.tally' ? payload.tally?.castUnits : type === 'bare.tally' ? payload.seq : undefined;
      if (mark === undefined) return;
      phone.marks.push(mark);
      phone.times.push(at);
    });
    socket.once('connect', () => {
      phones.push(phone);
      resolve(true);
    });
    socket.once('connect_error', () => {
      socket.close();
      resolve(false);
    });
  });
}

/** Latencies from each sent mark to each socket's first tally at or past it; the pairs never received. */
function measure(kind: Kind, sent: Array<{ mark: number; at: number }>) {
  const ordered = [...sent].sort((a, b) => a.mark - b.mark);
  const latencies: number[] = [];
  let missing = 0;
  for (const phone of phones.filter((one) => one.kind === kind)) {
    let next = 0;
    let highest = -Infinity;
    for (let i = 0; i < phone.marks.length && next < ordered.length; i++) {
      if (phone.marks[i] <= highest) continue;
      highest = phone.marks[i];
      while (next < ordered.length && ordered[next].mark <= highest) latencies.push(phone.times[i] - ordered[next++].at);
    }
    missing += ordered.length - next;
  }
  return { latencies, missing };
}

process.on('message', async (message: Message) => {
  if (message.type === 'connect') {
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < message.sockets.length) if (!(await open(message.sockets[next++]))) failed++;
    };
    await Promise.all(Array.from({ length: message.concurrency }, worker));
    process.send!({ type: 'connected', connected: message.sockets.length - failed, failed });
  } else if (message.type === 'measure') {
    process.send!({ type: 'measured', kind: message.kind, ...measure(message.kind, message.sent) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'ready' });
