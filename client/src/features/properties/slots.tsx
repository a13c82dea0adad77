import { createContext, useContext, type ComponentType } from 'react';
import type { Resident, ResidentStatus } from '@client/lib/types/resident';

/**
 * What the properties screen shows of other features: the residents' dialogs and badge in the
 * Residents tab, the billing plan in the Fees tab. The screen's composition in app/ gives them
 * (app/routes/screens/PropertiesScreen.tsx), so this feature imports no other.
 */
export type PropertySlots = {
  ResidentFormDialog: ComponentType<{ show: boolean; onClose: () => void; resident: Resident | null; propertyId?: number }>;
  DeactivateResidentDialog: ComponentType<{ resident: Resident | null; onClose: () => void }>;
  ResidentStatusBadge: ComponentType<{ status: ResidentStatus }>;
  BillingPlanTab: ComponentType<{ propertyId: number }>;
};

const PropertySlotsContext = createContext<PropertySlots | null>(null);

export const PropertySlotsProvider = PropertySlotsContext.Provider;

export function usePropertySlots(): PropertySlots {
  const slots = useContext(PropertySlotsContext);
  if (!slots) throw new Error('usePropertySlots: the properties screen is composed in app/routes/screens/PropertiesScreen.tsx');
  return slots;
}
