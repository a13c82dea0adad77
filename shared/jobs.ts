/**
 * Background jobs (BullMQ): queue names, job names, their data and the stable job ids that
 * make every job idempotent. The worker processes them; the server only enqueues (the event
 * relay's follow-ups) and shows them to operators (/admin/queues). The queues, the scheduling
 * of delayed and repeatable jobs and the heartbeat are in server/jobs/, which both import.
 */
export const QUEUES = {
  broadcasts: 'broadcasts',
  notifications: 'notifications',
  mail: 'mail',
  maintenance: 'maintenance',
  bookings: 'bookings',
  visitors: 'visitors',
  billing: 'billing',
  push: 'push',
  onboarding: 'onboarding',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  /** Marks one broadcast expired at its end date (a delayed job per broadcast). */
  expireBroadcast: 'broadcast.expire',
  /** Expires every broadcast whose end date passed and whose job was lost (repeatable). */
  sweepBroadcasts: 'broadcasts.sweep',
  /** Writes the inbox rows and emails of one committed event (server/notifications/rules.ts). */
  notifyEvent: 'notifications.notify',
  /** Queues the emails and pushes of one event's notifications, once its inbox rows are written (worker/jobs/notify-event.ts). */
  queueSends: 'notifications.sends',
  /** Catches events and emails whose job was lost (repeatable). */
  sweepNotifications: 'notifications.sweep',
  /** Sends one email of the outbox through SMTP. */
  sendEmail: 'email.send',
  /** Sends one Web Push to one device (a job per notification and device). */
  sendPush: 'push.send',
  /** Marks one maintenance request overdue at its response deadline (a delayed job per request). */
  markOverdue: 'maintenance.overdue',
  /** Marks every request past its deadline whose job was lost (repeatable). */
  sweepMaintenance: 'maintenance.sweep',
  /** A booking's next step (reminder the day before, auto-cancel at start, completion at end; a delayed job per booking). */
  bookingStep: 'booking.step',
  /** Reminds, cancels and completes every booking whose job was lost (repeatable). */
  sweepBookings: 'bookings.sweep',
  /** Closes one pass at the end of its validity, or one walk-in left unanswered (a delayed job per pass). */
  expireVisitor: 'visitor.expire',
  /** Closes passes and walk-ins whose job was lost, and anonymises visitors past retention (repeatable). */
  sweepVisitors: 'visitors.sweep',
  /** Reminds a package's unit that it still waits at the desk (a job per package and day, on the visitors queue: the desk's). */
  remindPackage: 'package.remind',
  /** Enqueues the reminders of the packages due one (repeatable, on the visitors queue). */
  sweepPackages: 'packages.sweep',
  /** Issues a property's monthly cuotas on its plan's issue day (a job scheduler per plan). */
  issueMonthly: 'billing.issue',
  /** Reviews the payment agreements and enqueues the day's late fees of every plan with a rule (a daily job scheduler). */
  lateFees: 'billing.late-fees',
  /** Applies the day's late fees of one plan (a job per property and day). */
  propertyLateFees: 'billing.property-late-fees',
  /** Issues the cuotas a lost or missed job left unissued, and restores lost plan schedulers (repeatable). */
  sweepBilling: 'billing.sweep',
  /** Sends one scheduled reminder of a charge (a job per charge and step). */
  remindCharge: 'billing.remind',
  /** Enqueues the scheduled reminders due now (repeatable). */
  sweepChargeReminders: 'billing.reminders-sweep',
  /** Issues one recurring expense template's expense of a month (a delayed job per template and month). */
  issueRecurringExpense: 'finances.recurring',
  /** Issues the recurring expenses a lost job left unissued, and restores lost template jobs (repeatable). */
  sweepRecurringExpenses: 'finances.recurring-sweep',
  /** Applies one import too big for a request (a job per import, id = the import's). */
  applyImport: 'import.apply',
  /** Builds one export's zip of CSVs (a job per export). */
  buildExport: 'export.build',
  /** Re-enqueues imports and exports whose job was lost, and empties exports past their 24 hours (repeatable). */
  sweepOnboarding: 'onboarding.sweep',
} as const;

export type ExpireBroadcastData = { broadcastId: number; endsAt: string };

/** One delayed expiry job per broadcast: scheduling again replaces it instead of adding one. */
export const expiryJobId = (broadcastId: number) => `broadcast-expiry-${broadcastId}`;

export type NotifyEventData = { eventId: number };
export type SendEmailData = { emailId: number };

/** One notification job per event and one send job per email: adding again is a no-op. */
export const notifyJobId = (eventId: number) => `notify-event-${eventId}`;
export const sendsJobId = (eventId: number) => `notify-sends-${eventId}`;
export const emailJobId = (emailId: number) => `email-${emailId}`;

/** One push per notification and device (or per test request and device): adding again is a no-op. */
export type SendPushData = { subscriptionId: number; notificationId?: number; test?: { eventId: number } };
export const pushJobId = (data: SendPushData) =>
  data.notificationId ? `push-${data.notificationId}-${data.subscriptionId}` : `push-test-${data.test!.eventId}-${data.subscriptionId}`;

export type MarkOverdueData = { requestId: number; dueAt: string };

/** One deadline job per maintenance request: scheduling again replaces it instead of adding one. */
export const overdueJobId = (requestId: number) => `maintenance-overdue-${requestId}`;

export type BookingStepData = { bookingId: number; dueAt: string };

/** One step job per booking: scheduling again replaces it instead of adding one. */
export const bookingStepJobId = (bookingId: number) => `booking-step-${bookingId}`;

export type ExpireVisitorData = { visitorId: number; dueAt: string };

/** One expiry job per pass: scheduling again replaces it instead of adding one. */
export const visitorExpiryJobId = (visitorId: number) => `visitor-expiry-${visitorId}`;

export type RemindPackageData = { packageId: number; day: string };

/** One reminder job per package and day (Santo Domingo): enqueuing it again the same day is a no-op. */
export const packageReminderJobId = (packageId: number, day: string) => `package-reminder-${packageId}-${day}`;

export type IssueMonthlyData = { propertyId: number };
/** Optional day ('YYYY-MM-DD') a late-fee run is for (tests and re-runs); today by default. */
export type LateFeesData = { today?: string };
export type PropertyLateFeesData = { propertyId: number; today: string };

/** One late-fee job per property and day: the day's run enqueued again (a retry, a second worker) adds none. */
export const propertyLateFeesJobId = (propertyId: number, today: string) => `late-fees-${propertyId}-${today}`;

/** One job scheduler per billing plan: saving the plan again replaces it instead of adding one. */
export const planSchedulerId = (propertyId: number) => `billing-plan-${propertyId}`;

export type IssueRecurringExpenseData = { templateId: number; month: string; dueAt: string };

/** One job per recurring expense template and month: scheduling again replaces it instead of adding one. */
export const recurringExpenseJobId = (templateId: number, month: string) => `recurring-expense-${templateId}-${month}`;

export type RemindChargeData = { chargeId: number; step: number };
/** Optional day and hour a reminder sweep is for (tests and re-runs); now by default. */
export type SweepChargeRemindersData = { today?: string; hour?: number };

/** One reminder job per charge and step: enqueuing it again is a no-op. */
export const chargeReminderJobId = (chargeId: number, step: number) => `charge-reminder-${chargeId}-${step}`;

export type ApplyImportData = { importId: number };
export type BuildExportData = { exportId: number };

/** One job per import and per export: the stable id makes enqueuing again (the sweep, a re-delivered event) a no-op. */
export const importJobId = (importId: number) => `import-${importId}`;
export const exportJobId = (exportId: number) => `export-${exportId}`;

/** Job schedulers upserted when a worker boots. */
export const SCHEDULERS = {
  broadcastSweep: { id: 'broadcasts-sweep', everyMs: 60_000 },
  notificationSweep: { id: 'notifications-sweep', everyMs: 60_000 },
  maintenanceSweep: { id: 'maintenance-sweep', everyMs: 60_000 },
  bookingSweep: { id: 'bookings-sweep', everyMs: 60_000 },
  visitorSweep: { id: 'visitors-sweep', everyMs: 60_000 },
  packageSweep: { id: 'packages-sweep', everyMs: 60_000 },
  billingSweep: { id: 'billing-sweep', everyMs: 60_000 },
  recurringExpenseSweep: { id: 'finances-recurring-sweep', everyMs: 60_000 },
  chargeReminderSweep: { id: 'billing-reminders-sweep', everyMs: 60_000 },
  onboardingSweep: { id: 'onboarding-sweep', everyMs: 60_000 },
  /** Late fees once a day at 06:00 in the billing time zone. */
  lateFees: { id: 'billing-late-fees', pattern: '0 6 * * *' },
} as const;

/** Redis key (under the deployment's prefix) each worker refreshes; health reports its age. */
export const WORKER_HEARTBEAT_KEY = 'worker:heartbeat';
export const WORKER_HEARTBEAT_EVERY_MS = 5_000;
