import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboxFirst } from '../../worker/worker';

/** A send queue's worker as the policy sees it: whether it takes new jobs. */
class Sends {
  paused = false;
  pause = vi.fn(async () => {
    this.paused = true;
  });
  resume = vi.fn(async () => {
    this.paused = false;
  });
}

/** A notification job that runs until the test finishes it. */
function job() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe('the inbox before the sends (worker/worker.ts)', () => {
  let mail: Sends;
  let push: Sends;
  let inbox: ReturnType<typeof inboxFirst>;
  const MAX_MS = 10_000;

  beforeEach(() => {
    vi.useFakeTimers();
    mail = new Sends();
    push = new Sends();
    inbox = inboxFirst([mail, push], MAX_MS);
  });
  afterEach(() => vi.useRealTimers());

  it('holds new emails and pushes while notification jobs run, and lets them go when the last one ends', async () => {
    const first = job();
    const second = job();
    const running = [inbox.run(() => first.done), inbox.run(() => second.done)];
    expect([mail.paused, push.paused]).toEqual([true, true]);
    // The jobs already sending finish: the sends are paused without waiting for them.
    expect(mail.pause).toHaveBeenCalledWith(true);
    expect(mail.pause).toHaveBeenCalledTimes(1);
    first.finish();
    await running[0];
    expect(mail.paused).toBe(true);
    second.finish();
    await running[1];
    expect([mail.paused, push.paused]).toEqual([false, false]);
    // A failed job lets them go too, and its error is the job's.
    await expect(inbox.run(() => Promise.reject(new Error('sin base de datos')))).rejects.toThrow('sin base de datos');
    expect([mail.paused, push.paused]).toEqual([false, false]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never holds them longer than the limit, and then gives them as long before holding them again', async () => {
    const long = job();
    const running = inbox.run(() => long.done);
    vi.advanceTimersByTime(MAX_MS - 1);
    expect(mail.paused).toBe(true);
    vi.advanceTimersByTime(1);
    expect([mail.paused, push.paused]).toEqual([false, false]);
    // Their turn: notification jobs keep coming, the sends keep going.
    const next = job();
    const during = inbox.run(() => next.done);
    expect(mail.paused).toBe(false);
    vi.advanceTimersByTime(MAX_MS);
    const after = job();
    const held = inbox.run(() => after.done);
    expect(mail.paused).toBe(true);
    for (const each of [long, next, after]) each.finish();
    await Promise.all([running, during, held]);
    expect(mail.paused).toBe(false);
  });

  it('lets them go when the worker closes', () => {
    void inbox.run(() => job().done);
    inbox.release();
    expect([mail.paused, push.paused]).toEqual([false, false]);
    // No timer left to resume them later.
    expect(vi.getTimerCount()).toBe(0);
  });
});
