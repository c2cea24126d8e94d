import type { QueryClient } from '@tanstack/react-query';
import { feedPageQuery } from '@/features/feed';
import { searchDefaultSort, searchPageQueries } from '@/features/search';
import { filtersFrom } from '@/hooks/useFilters';
import { kindOfFeedPage } from '@/kinds';

// The list pages' first requests start from the entry chunk, before React renders and before the
// page's own lazy chunk arrives: the page then finds its query already in flight (same key, same
// options, so React Query shares the request instead of sending it twice).

/** Starts the first list request (and the search counts) of the page at `pathname` + `search`; returns what it started. */
export function prefetchFirstList(client: QueryClient, { pathname, search }: { pathname: string; search: string }): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const params = new URLSearchParams(search);
  const feed = kindOfFeedPage(path);
  if (feed) {
    const list = feedPageQuery(feed, filtersFrom(params, 'new'));
    void client.prefetchInfiniteQuery(list);
    return [JSON.stringify(list.queryKey)];
  }
  if (path === '/search' || path === '/browse') {
    const browse = path === '/browse';
    const { list, totals } = searchPageQueries(filtersFrom(params, searchDefaultSort(browse)), browse);
    void client.prefetchInfiniteQuery(list);
    void client.prefetchQuery(totals);
    return [JSON.stringify(list.queryKey), JSON.stringify(totals.queryKey)];
  }
  return [];
}
