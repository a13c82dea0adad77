import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@client/lib/auth';
import { i18n } from '@client/lib/i18n';
import type { Role } from '@shared/enums';

// Its own chunk, with its translations: users who never see a banner never download it.
const BroadcastBanner = lazy(
  async () =>
    (await Promise.all([import('@client/features/broadcasts/components/BroadcastBanner'), i18n.loadNamespaces('broadcasts')]))[0],
);

/**
 * Who sees the banner (spec section 2 names residents; docs/permissions.md lets owners read the active
 * broadcasts of their properties, and their sockets follow those properties too).
 */
const BANNER_ROLES: readonly Role[] = ['Residente', 'Propietario'];

/**
 * Above every screen, the active broadcasts of the user's own properties (spec section 2,
 * "Broadcast banner"; not property 1: the properties the user reads).
 */
export function BroadcastBannerSlot() {
  const user = useCurrentUser();
  if (!BANNER_ROLES.includes(user.role) || user.access === 'awaiting') return null;
  return (
    <Suspense fallback={null}>
      <BroadcastBanner />
    </Suspense>
  );
}
