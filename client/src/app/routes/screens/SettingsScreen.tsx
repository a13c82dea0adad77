import { PasswordChangeForm } from '@client/features/auth/components/PasswordChangeForm';
import { BillingTab } from '@client/features/billing/components/BillingTab';
import SettingsPage from '@client/features/settings/pages/SettingsPage';

/** /settings: the account's settings, with the password form of auth and the payments of billing. */
export default function SettingsScreen() {
  return <SettingsPage PasswordChangeForm={PasswordChangeForm} BillingTab={BillingTab} />;
}
