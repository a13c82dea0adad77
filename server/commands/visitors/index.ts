/**
 * The visitors module's commands (docs/modules/visitors.md), by use case: passes.ts (codes,
 * registering, editing, the log), desk.ts (the desk's lists and verdicts, check-in and out,
 * walk-ins), retention.ts (closing by time, anonymising), blocks.ts (the "no admitir" lists);
 * validity.ts holds a pass's validity. The server imports those files; this entry is the
 * module's surface for whoever needs it whole (commands/departures.ts, the tests).
 */
export * from './blocks';
export * from './desk';
export * from './passes';
export * from './retention';
export { validityOf } from './validity';
