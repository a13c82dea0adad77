import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a page, kept in `?tab=` so a link can open one. The first tab is the default:
 * left out of the URL, and opened for a missing or unknown `tab`. Opening a tab replaces the
 * history entry and drops the other parameters (the previous tab's filters).
 */
export function useTabParam<T extends string>(tabs: readonly T[]) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as T;
  const tab = tabs.includes(requested) ? requested : tabs[0];
  const open = (key: string | null) => setParams(key && key !== tabs[0] ? { tab: key } : {}, { replace: true });
  return [tab, open] as const;
}
