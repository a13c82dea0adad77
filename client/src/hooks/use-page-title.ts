import { useEffect } from 'react';
import { useBranding } from '@client/lib/branding';

/** Sets the document title to "{title} | {app name}". */
export function usePageTitle(title: string | undefined) {
  const { appName } = useBranding();
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);
}
