import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Paged } from '@/api/types';

/** Query options of a paged list: pages from 1; hasNextPage when the API says so and the last page returned items. */
export function pagedQueryOptions<T, K extends QueryKey, P extends Paged<T> = Paged<T>>(
  queryKey: K,
  fetchPage: (page: number, signal: AbortSignal) => Promise<P>,
  enabled = true,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: P, all) => (last.hasNextPage && last.list.length > 0 ? all.length + 1 : undefined),
    enabled,
  });
}

/** A page of any paged list: numbered (Paged) or by cursor (the link feed). */
export interface ListPage<T> {
  list: T[];
}

/** Concatenates pages, dropping items already seen; recomputed from the first page, so a first-page load resets it. */
export function dedupe<T>(pages: ListPage<T>[] | undefined, keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.list) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

/**
 * An infinite list (numbered pages from pagedQueryOptions, or any cursor): its items without repeats and
 * the props of ListWrapper or LoadMoreButton.
 */
export function useInfiniteList<T, P extends ListPage<T>, D extends InfiniteData<P, unknown>, K extends QueryKey, TPageParam>(
  options: UseInfiniteQueryOptions<P, Error, D, K, TPageParam>,
  keyOf: (item: T) => string,
) {
  const query = useInfiniteQuery(options);
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
    pages: query.data?.pages.length ?? 0,
  };
  // The first page's `total` (numbered lists): how many the list holds, for a count beside it.
  const first = query.data?.pages[0] as { total?: unknown } | undefined;
  const total = typeof first?.total === 'number' ? first.total : undefined;
  return { ...query, items, listProps, total };
}
