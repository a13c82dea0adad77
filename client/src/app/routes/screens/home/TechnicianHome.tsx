import { Suspense } from 'react';
import { Loading } from '@client/components/Loading';
import { HomeGreeting } from '@client/features/dashboard/components/HomeGreeting';
import { HomeTodayJobs } from '@client/features/maintenance/components/HomeTodayJobs';
import { useCurrentUser } from '@client/lib/auth';
import { useBranding } from '@client/lib/branding';

/** A maintenance supplier's home: today's jobs, then the rest still open. */
export default function TechnicianHome() {
  const user = useCurrentUser();
  const { features } = useBranding();
  return (
    <>
      <HomeGreeting subtitle="technician" />
      {features.maintenance && (
        <Suspense fallback={<Loading />}>
          <HomeTodayJobs userId={user.id} />
        </Suspense>
      )}
    </>
  );
}
