import { Building, Building2, Home, Store, type LucideIcon } from 'lucide-react';
import type { PropertyStatus, PropertyType } from '../api/get-properties';

/** The placeholder of a property without a photo: an icon by type. */
export const TYPE_ICONS: Record<PropertyType, LucideIcon> = {
  apartment: Building2,
  house: Home,
  commercial: Store,
  'mixed-use': Building,
};

/** Bootstrap colours of the status badge. */
export const STATUS_VARIANTS: Record<PropertyStatus, string> = {
  occupied: 'success',
  vacant: 'secondary',
  reserved: 'info',
  maintenance: 'warning',
};
