import { AssembliesSettingsTab } from '@client/features/assemblies/components/AssembliesSettingsTab';
import { CollectionsSettingsTab } from '@client/features/billing/components/CollectionsSettingsTab';
import { ExportTab } from '@client/features/onboarding/components/ExportTab';
import { MaintenanceTab } from '@client/features/maintenance/components/MaintenanceTab';
import SystemSettingsPage from '@client/features/system-settings/pages/SystemSettingsPage';
import { VisitorsTab } from '@client/features/visitors/components/VisitorsTab';

/** /admin/system-settings: the organization's settings, with the maintenance, visitors, collections and assemblies modules' own tabs and onboarding's export. */
export default function SystemSettingsScreen() {
  return <SystemSettingsPage MaintenanceTab={MaintenanceTab} VisitorsTab={VisitorsTab} CollectionsTab={CollectionsSettingsTab} AssembliesTab={AssembliesSettingsTab} ExportTab={ExportTab} />;
}
