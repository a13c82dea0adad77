import { CalendarDays, CircleAlert, Info, Megaphone, Wrench, type LucideIcon } from 'lucide-react';
import type { Broadcast } from '../api/get-broadcasts';

type Category = Broadcast['category'];

/**
 * Colour by category (spec section 2): emergency red, maintenance amber, event blue,
 * announcement green, other gray, as Bootstrap variants. The icon and the category's name go
 * with the colour, so it is never the only sign.
 */
export const CATEGORY_STYLE: Record<Category, { variant: 'danger' | 'warning' | 'primary' | 'success' | 'secondary'; icon: LucideIcon }> = {
  emergency: { variant: 'danger', icon: CircleAlert },
  maintenance: { variant: 'warning', icon: Wrench },
  event: { variant: 'primary', icon: CalendarDays },
  announcement: { variant: 'success', icon: Megaphone },
  other: { variant: 'secondary', icon: Info },
};

/** Emergencies first, then the newest. */
export const bannerOrder = (a: Broadcast, b: Broadcast) =>
  Number(b.category === 'emergency') - Number(a.category === 'emergency') ||
  Date.parse(b.startDate) - Date.parse(a.startDate) ||
  b.id - a.id;
