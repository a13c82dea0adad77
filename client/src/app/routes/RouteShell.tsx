import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Loading } from '@client/components/Loading';

/** The root of every route: a spinner while a screen's code loads, scroll to top on navigation. */
export function RouteShell() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0); // returns a Promise in recent browsers: never the effect's result
  }, [pathname]);
  return (
    <Suspense fallback={<Loading fullPage />}>
      <Outlet />
    </Suspense>
  );
}
