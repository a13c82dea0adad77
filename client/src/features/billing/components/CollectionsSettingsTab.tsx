import { ReminderScheduleTab } from './ReminderScheduleTab';
import { TransferAccountsSettings } from './TransferAccountsSettings';

/** Settings > Cobros: the reminder schedule and the accounts residents transfer to (docs/modules/collections.md). */
export function CollectionsSettingsTab() {
  return (
    <>
      <ReminderScheduleTab />
      <TransferAccountsSettings />
    </>
  );
}
