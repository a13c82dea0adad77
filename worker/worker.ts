import { Worker, type Job } from 'bullmq';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { JOBS, QUEUES, SCHEDULERS, WORKER_HEARTBEAT_EVERY_MS, type QueueName } from '../shared/jobs';
import { config } from '../server/config';
import { logger as rootLogger } from '../server/logger';
import { beat } from '../server/jobs/heartbeat';
import { closeQueues, createQueues, type Queues } from '../server/jobs/queues';
import { upsertSchedules } from '../server/jobs/schedulers';
import { createRedis } from '../server/services/redis';
import { bookingStep } from './jobs/booking-step';
import { applyDayLateFees, applyPropertyLateFees, issueMonthly, sweepBilling } from './jobs/billing';
import { expireBroadcast } from './jobs/expire-broadcast';
import { issueRecurringExpense, sweepRecurringExpenses } from './jobs/recurring-expenses';
import { expireVisitor } from './jobs/expire-visitor';
import { markOverdue } from './jobs/mark-overdue';
import { notifyEvent, queueSends } from './jobs/notify-event';
import { sendEmail } from './jobs/send-email';
import { sendPushJob } from './jobs/send-push';
import { sweepBookings } from './jobs/sweep-bookings';
import { sweepBroadcasts } from './jobs/sweep-broadcasts';
import { sweepMaintenance } from './jobs/sweep-maintenance';
import { sweepNotifications } from './jobs/sweep-notifications';
import { sweepVisitors } from './jobs/sweep-visitors';
import { remindPackage, sweepPackages } from './jobs/packages';
import { remindCharge, sweepChargeReminders } from './jobs/reminders';
import { applyImport, buildExportJob, sweepOnboarding } from './jobs/onboarding';

type Processor = (job: Job, token?: string) => Promise<unknown>;

/** The longest the sends wait for the inbox at a time, and then their turn before they wait again. */
const INBOX_FIRST_MAX_MS = 10_000;

/**
 * The inbox before the sends: while this process runs notification jobs (an emergency to a whole
 * organization is one per tower, each writing 50 inbox rows), it starts no new email or push, and
 * those running finish. The bell and the live toast reach everyone first; the emails and pushes
 * follow as soon as no notification job runs. A steady stream of them holds the sends back at
 * most `maxMs`, and then the sends have as long again before they are held once more. Counted
 * around the notification jobs themselves (`run`), whatever BullMQ reports of them.
 */
export function inboxFirst(sends: Array<Pick<Worker, 'pause' | 'resume'>>, maxMs: number) {
  let running = 0;
  let held: NodeJS.Timeout | undefined;
  let turnUntil = 0;
  const release = () => {
    if (!held) return;
    clearTimeout(held);
    held = undefined;
    for (const worker of sends) void worker.resume();
  };
  const hold = () => {
    if (held || Date.now() < turnUntil) return;
    for (const worker of sends) void worker.pause(true);
    held = setTimeout(() => {
      release();
      turnUntil = Date.now() + maxMs;
    }, maxMs);
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      running++;
      hold();
      try {
        return await work();
      } finally {
        if (--running === 0) release();
      }
    },
    release,
  };
}

/**
 * One pool of SMTP connections, as many as the mail queue sends at once, each kept open for
 * the emails that follow (a connection per email spent more on the TCP and SMTP greeting than
 * on the message: an emergency to 10,000 residents is 10,000 emails). A connection the server
 * closed or that failed is replaced by the pool.
 */
const smtpTransport = (url: string, connections: number) => {
  const target = new URL(url);
  target.searchParams.set('pool', 'true');
  target.searchParams.set('maxConnections', String(connections));
  return nodemailer.createTransport(target.toString());
};

/** The processor of every job, by queue and job name. */
function processors(queues: Queues, smtpUrl: string | undefined, concurrency: number): Record<QueueName, Record<string, Processor>> {
  return {
    [QUEUES.broadcasts]: { [JOBS.expireBroadcast]: expireBroadcast, [JOBS.sweepBroadcasts]: sweepBroadcasts(queues.broadcasts) },
    [QUEUES.notifications]: {
      [JOBS.notifyEvent]: notifyEvent(queues.notifications),
      [JOBS.queueSends]: queueSends(queues.mail, queues.push),
      [JOBS.sweepNotifications]: sweepNotifications(queues),
    },
    [QUEUES.mail]: { [JOBS.sendEmail]: sendEmail(smtpUrl ? smtpTransport(smtpUrl, concurrency) : undefined) },
    [QUEUES.maintenance]: { [JOBS.markOverdue]: markOverdue, [JOBS.sweepMaintenance]: sweepMaintenance },
    [QUEUES.bookings]: { [JOBS.bookingStep]: bookingStep, [JOBS.sweepBookings]: sweepBookings },
    [QUEUES.visitors]: { [JOBS.expireVisitor]: expireVisitor, [JOBS.sweepVisitors]: sweepVisitors, [JOBS.remindPackage]: remindPackage, [JOBS.sweepPackages]: sweepPackages(queues.visitors) },
    [QUEUES.push]: { [JOBS.sendPush]: sendPushJob },
    [QUEUES.onboarding]: { [JOBS.applyImport]: applyImport, [JOBS.buildExport]: buildExportJob, [JOBS.sweepOnboarding]: sweepOnboarding(queues.onboarding) },
    [QUEUES.billing]: { [JOBS.issueMonthly]: issueMonthly, [JOBS.lateFees]: applyDayLateFees(queues.billing), [JOBS.propertyLateFees]: applyPropertyLateFees,
      [JOBS.sweepBilling]: sweepBilling(queues.billing),
      [JOBS.issueRecurringExpense]: issueRecurringExpense(queues.billing),
      [JOBS.sweepRecurringExpenses]: sweepRecurringExpenses(queues.billing),
      [JOBS.remindCharge]: remindCharge,
      [JOBS.sweepChargeReminders]: sweepChargeReminders(queues.billing),
    },
  };
}

export type RunningWorker = { close: () => Promise<void> };

/**
 * The BullMQ worker on a connected database: processes the queues, upserts the job schedulers
 * and beats a heartbeat the server's health check reports. Several may run at once.
 */
export async function startWorker(options: {
  redisUrl: string;
  prefix: string;
  concurrency?: number;
  sweepEveryMs?: number;
  /** SMTP server of outgoing email (default SMTP_URL); none keeps emails in the outbox. */
  smtpUrl?: string;
  log?: Logger;
}): Promise<RunningWorker> {
  const log = options.log ?? rootLogger.child({ component: 'worker' });
  // Blocking commands must wait out a Redis restart instead of failing (BullMQ requirement).
  const connection = createRedis(options.redisUrl, { maxRetriesPerRequest: null });
  const queues = createQueues(connection, options.prefix);

  const byQueue = processors(queues, 'smtpUrl' in options ? options.smtpUrl : config.smtpUrl, options.concurrency ?? 5);
  const sends: Worker[] = [];
  const inbox = inboxFirst(sends, INBOX_FIRST_MAX_MS);
  const workers = Object.fromEntries(Object.entries(byQueue).map(([queue, jobs]) => {
    const worker = new Worker(
      queue,
      async (job, token) => {
        const process = jobs[job.name];
        if (!process) throw new Error(`Trabajo desconocido: ${job.name}`);
        return queue === QUEUES.notifications ? inbox.run(() => process(job, token)) : process(job, token);
      },
      { connection, prefix: options.prefix, concurrency: options.concurrency ?? 5 },
    );
    worker.on('failed', (job, error) =>
      log.warn({ err: error, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade }, 'trabajo fallido'),
    );
    worker.on('error', (error) => log.error({ err: error }, 'error del worker'));
    return [queue, worker];
  })) as Record<QueueName, Worker>;
  sends.push(workers[QUEUES.mail], workers[QUEUES.push]);

  await upsertSchedules(queues, { sweepEveryMs: options.sweepEveryMs });
  // Redis may come back without its data (restarted without persistence, flushed, failed over
  // to an empty replica): the schedulers are ensured again on every reconnect and every sweep
  // interval, and their sweeps re-create lost delayed jobs from the database.
  const ensureSchedules = () =>
    upsertSchedules(queues, { sweepEveryMs: options.sweepEveryMs, onlyMissing: true })
      .then((created) => created && log.warn({ created }, 'planificadores recreados: Redis perdió sus datos'))
      .catch(() => {}); // Redis down: the next reconnect tries again.
  let connected = true;
  connection.on('end', () => (connected = false)).on('close', () => (connected = false));
  connection.on('ready', () => {
    if (!connected) void ensureSchedules();
    connected = true;
  });
  const ensuring = setInterval(ensureSchedules, options.sweepEveryMs ?? SCHEDULERS.broadcastSweep.everyMs);
  const heartbeat = setInterval(() => beat(connection, options.prefix).catch(() => {}), WORKER_HEARTBEAT_EVERY_MS);
  await beat(connection, options.prefix).catch(() => {});
  await Promise.all(Object.values(workers).map((worker) => worker.waitUntilReady()));
  log.info({ concurrency: options.concurrency ?? 5 }, 'worker listo');

  return {
    async close() {
      clearInterval(heartbeat);
      clearInterval(ensuring);
      inbox.release();
      // Lets the running jobs finish (a job cut short is retried by another worker anyway).
      await Promise.all(Object.values(workers).map((worker) => worker.close()));
      await closeQueues(queues);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
