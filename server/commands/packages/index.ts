/**
 * The desk's other work (docs/modules/packages.md), by use case: packages.ts (logging, lists,
 * pickup, return), reminders.ts (reminders, settings, retention), vehicles.ts (vehicles and the
 * desk's plate search), pets.ts (pets and their records), events.ts and files.ts. The server
 * imports those files; this entry is the module's surface for whoever needs it whole (the tests).
 */
export * from './packages';
export * from './reminders';
export * from './vehicles';
export * from './pets';
export { packageFile } from './files';
