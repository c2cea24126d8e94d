import type { SortValue, TimeValue } from '@/api/types';
import type { Filters } from '@/hooks/useFilters';
import { pagedQueryOptions } from '@/hooks/useInfiniteList';
import { feedOf, type FeedKind } from '@/kinds';
import { api } from '@/lib/requestApi';

export const PAGE_SIZE = 20;

export interface FeedFilters {
  label: string[];
  sort: SortValue;
  /** only sent with the hot sort */
  time: TimeValue;
}

/** One kind's filtered feed, page by page (the kind's list endpoint, spec section 7). */
export function feedQuery(type: FeedKind, { label, sort, time }: FeedFilters) {
  const range = sort === 'hot' ? time : null;
  return pagedQueryOptions(['feed', type, label, sort, range], (page, signal) =>
    api.post(feedOf(type).api, { body: { page, label, time: range, sort, size: PAGE_SIZE } }, { signal }),
  );
}

/** The feed page's list for the URL's filters: newest first unless `sort=hot` (then within `time`). */
export function feedPageQuery(type: FeedKind, filters: Pick<Filters, 'label' | 'sort' | 'time'>) {
  const sort: SortValue = filters.sort === 'hot' ? 'hot' : 'new';
  return feedQuery(type, { label: filters.label, sort, time: filters.time });
}
