import type { ContentType, FeedPage, SortValue, TimeValue } from '@/api/types';
import type { Filters } from '@/hooks/useFilters';
import { pagedQueryOptions } from '@/hooks/useInfiniteList';
import { post } from '@/lib/request';

/** The list endpoint of each content kind (spec section 7). */
const FEED_PATHS: Record<ContentType, string> = {
  story: '/v1/story/list',
  event: '/v1/events',
  paper: '/v3/paper/list',
  project: '/v3.1/github/home/list',
};

export const PAGE_SIZE = 20;

export interface FeedFilters {
  label: string[];
  sort: SortValue;
  /** only sent with the hot sort */
  time: TimeValue;
}

/** One kind's filtered feed, page by page. */
export function feedQuery(type: ContentType, { label, sort, time }: FeedFilters) {
  const range = sort === 'hot' ? time : null;
  return pagedQueryOptions(['feed', type, label, sort, range], (page, signal) =>
    post<FeedPage>(FEED_PATHS[type], { page, label, time: range, sort, size: PAGE_SIZE }, { signal }),
  );
}

/** The feed page's list for the URL's filters: newest first unless `sort=hot` (then within `time`). */
export function feedPageQuery(type: ContentType, filters: Pick<Filters, 'label' | 'sort' | 'time'>) {
  const sort: SortValue = filters.sort === 'hot' ? 'hot' : 'new';
  return feedQuery(type, { label: filters.label, sort, time: filters.time });
}
