import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FeedItem, Page } from '@/lib/types';

/** De-duplication key of a feed item: story_id, event id, arXiv number (or id). */
export function itemKey(item: FeedItem): string {
  if (item.is_event || item.type === 'event') return `event:${item.event_info?.id ?? item.id}`;
  if (item.type === 'paper') return `paper:${item.paper_info?.arxiv_id || item.paper_info?.id || item.id}`;
  if (item.type === 'project') return `project:${item.project_info?.id ?? item.id}`;
  return `story:${item.story_id ?? item.story_info?.id ?? item.id}`;
}

/** Concatenates pages, dropping items already seen; recomputed from the first page, so a first-page load resets it. */
export function dedupe<T>(pages: Page<T>[] | undefined, keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.list ?? []) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

export function useInfiniteList<T>(
  key: QueryKey,
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  keyOf: (item: T) => string,
  enabled = true,
) {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    // hasNextPage: the API says so and the last page returned items
    getNextPageParam: (last: Page<T>, all) => (last && last.hasNextPage && (last.list?.length ?? 0) > 0 ? all.length + 1 : undefined),
    enabled,
  });
  const items = useMemo(() => dedupe(query.data?.pages, keyOf), [query.data, keyOf]);
  // The list states of ListWrapper, derived once here for every page that shows an infinite list.
  const listProps = {
    isLoading: query.isLoading,
    isError: query.isError && !query.isFetchNextPageError,
    isFetchNextPageError: query.isFetchNextPageError,
    isFetchingNextPage: query.isFetchingNextPage,
    hasNextPage: query.hasNextPage,
    count: items.length,
    onRetry: () => (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
    onLoadMore: () => query.fetchNextPage(),
  };
  return { ...query, items, listProps };
}
