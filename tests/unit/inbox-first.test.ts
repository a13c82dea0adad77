import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboxFirst } from '../../worker/worker';

/** A queue's worker as the policy sees it: its events, and whether it takes new jobs. */
class Sends {
  paused = false;
  pause = vi.fn(async () => {
    this.paused = true;
  });
  resume = vi.fn(async () => {
    this.paused = false;
  });
}

describe('the inbox before the sends (worker/worker.ts)', () => {
  let notifications: EventEmitter;
  let mail: Sends;
  let push: Sends;
  const MAX_MS = 10_000;

  beforeEach(() => {
    vi.useFakeTimers();
    notifications = new EventEmitter();
    mail = new Sends();
    push = new Sends();
    inboxFirst(notifications as never, [mail, push] as never, MAX_MS);
  });
  afterEach(() => vi.useRealTimers());

  it('holds new emails and pushes while notifications are written, and lets them go once the queue is drained', () => {
    expect([mail.paused, push.paused]).toEqual([false, false]);
    notifications.emit('active');
    expect([mail.paused, push.paused]).toEqual([true, true]);
    // The jobs already running finish: the sends are paused without waiting for them.
    expect(mail.pause).toHaveBeenCalledWith(true);
    notifications.emit('active');
    expect(mail.pause).toHaveBeenCalledTimes(1);
    notifications.emit('drained');
    expect([mail.paused, push.paused]).toEqual([false, false]);
    // The next notification holds them again.
    notifications.emit('active');
    expect([mail.paused, push.paused]).toEqual([true, true]);
  });

  it('never holds them longer than the limit, and then gives them as long before holding them again', () => {
    notifications.emit('active');
    vi.advanceTimersByTime(MAX_MS - 1);
    expect(mail.paused).toBe(true);
    vi.advanceTimersByTime(1);
    expect([mail.paused, push.paused]).toEqual([false, false]);
    // Their turn: notifications keep coming, the sends keep going.
    notifications.emit('active');
    vi.advanceTimersByTime(MAX_MS - 1);
    notifications.emit('active');
    expect(mail.paused).toBe(false);
    vi.advanceTimersByTime(1);
    notifications.emit('active');
    expect(mail.paused).toBe(true);
  });

  it('lets them go when the notifications worker closes', () => {
    notifications.emit('active');
    notifications.emit('closing');
    expect([mail.paused, push.paused]).toEqual([false, false]);
    // No timer left to resume them later.
    expect(vi.getTimerCount()).toBe(0);
  });
});
