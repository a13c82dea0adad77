import { BillingPlanTab } from '@client/features/billing/components/BillingPlanTab';
import PropertiesPage from '@client/features/properties/pages/PropertiesPage';
import { PropertySlotsProvider, type PropertySlots } from '@client/features/properties/slots';
import { DeactivateResidentDialog } from '@client/features/residents/components/DeactivateResidentDialog';
import { ResidentFormDialog } from '@client/features/residents/components/ResidentFormDialog';
import { ResidentStatusBadge } from '@client/features/residents/components/ResidentStatusBadge';

const slots: PropertySlots = { ResidentFormDialog, DeactivateResidentDialog, ResidentStatusBadge, BillingPlanTab };

/** /properties: the properties screen, with the residents' dialogs and the billing plan in its Manage dialog. */
export default function PropertiesScreen() {
  return (
    <PropertySlotsProvider value={slots}>
      <PropertiesPage />
    </PropertySlotsProvider>
  );
}
