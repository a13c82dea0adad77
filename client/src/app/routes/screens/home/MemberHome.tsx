import { Suspense, type ReactNode } from 'react';
import { Loading } from '@client/components/Loading';
import { WhereToPay } from '@client/components/WhereToPay';
import { HomeNextBooking } from '@client/features/amenities/components/HomeNextBooking';
import { HomeBalance } from '@client/features/billing/components/HomeBalance';
import { DashboardActivity } from '@client/features/dashboard/components/DashboardSections';
import { HomeGreeting } from '@client/features/dashboard/components/HomeGreeting';
import { HomeWaitingPackages } from '@client/features/packages/components/HomeWaitingPackages';
import { HomeVisitorsToday } from '@client/features/visitors/components/HomeVisitorsToday';
import { useCurrentUser } from '@client/lib/auth';
import { useBranding } from '@client/lib/branding';
import { screenAccess } from '@client/lib/screens';

/** A block that loads its module's texts on its own: the others show meanwhile. */
const Block = ({ children }: { children: ReactNode }) => <Suspense fallback={<Loading />}>{children}</Suspense>;

/**
 * An owner's or resident's home: their balance with the way to pay first, then their next
 * booking, today's visitors and the packages waiting at the desk, each only when its module is
 * on and the user may open its screen; the latest activity and the shortcuts below.
 */
export default function MemberHome() {
  const user = useCurrentUser();
  const { features } = useBranding();
  const opens = (to: string) => screenAccess(to, user, features) === 'open';
  const blocks = [
    { key: 'booking', screen: '/amenities', block: <HomeNextBooking /> },
    { key: 'visitors', screen: '/visitors', block: <HomeVisitorsToday /> },
    { key: 'packages', screen: '/packages', block: <HomeWaitingPackages /> },
  ].filter(({ screen }) => opens(screen));
  return (
    <>
      <HomeGreeting subtitle="member" />
      <div className="row g-3 mb-4">
        {opens('/billing') && (
          <div className="col-lg-5">
            <Block>
              <HomeBalance whereToPay={<WhereToPay />} />
            </Block>
          </div>
        )}
        <div className="col-lg">
          <div className="row row-cols-1 row-cols-md-2 g-3">
            {blocks.map(({ key, block }) => (
              <div key={key} className="col">
                <Block>{block}</Block>
              </div>
            ))}
          </div>
        </div>
      </div>
      <DashboardActivity />
    </>
  );
}
