import { useState } from 'react';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';

/**
 * A server-searched, paged list: the search box text, the search sent (after a pause in
 * typing) and the page, which starts again at 1 whenever the search changes.
 */
export function useSearchPaging() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  return { search, setSearch, q, page, setPage: (next: number) => setPaging({ q, page: next }) };
}
