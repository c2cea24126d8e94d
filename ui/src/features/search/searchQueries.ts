import { queryOptions } from '@tanstack/react-query';
import type { TimeValue } from '@/api/types';
import type { Filters } from '@/hooks/useFilters';
import { pagedQueryOptions } from '@/hooks/useInfiniteList';
import type { Kind } from '@/kinds';
import { MAX_SEARCH } from './searchRules';
import { api } from '@/lib/requestApi';

export const PAGE_SIZE = 20;
const HOUR = 60 * 60 * 1000;

export type SearchSort = 'relevance' | 'hot' | 'new';

export interface SearchFilters {
  q: string;
  /** null: every kind */
  model: Kind | null;
  label: string[];
  /** null: all time */
  time: TimeValue | null;
  sort: SearchSort;
}

/** The tags as one comma-joined value (`label=a,b`), as the URL carries them. */
const labelParam = (label: string[]) => (label.length ? [label.join(',')] : undefined);

/** GET /v2/search, page by page (the first page carries `did_you_mean` when nothing is found). */
export function searchQuery({ q, model, label, time, sort }: SearchFilters) {
  return pagedQueryOptions(['search', q, model ?? 'all', label, time, sort], (page, signal) =>
    api.get('/v2/search', { params: { query: {
      q, model: model ?? undefined, label: labelParam(label), time: time ?? undefined, sort, page, size: PAGE_SIZE,
    } } }, { signal }),
  );
}

/** GET /v2/total: the count of each kind for the search tabs. */
export const totalsQuery = ({ q, label, time, sort }: Pick<SearchFilters, 'q' | 'label' | 'time' | 'sort'>) =>
  queryOptions({
    queryKey: ['totals', q, label, time, sort],
    // the sort too: a list ordered by heat or date holds only the close matches, and the tabs count what it lists
    queryFn: ({ signal }) => api.get('/v2/total', { params: { query: { q, label: labelParam(label), time: time ?? undefined, sort } } }, { signal }),
  });

/** GET /v2/search/stories_title: title suggestions, highlighted by the API. */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['suggest', q],
    queryFn: ({ signal }) => api.get('/v2/search/stories_title', { params: { query: { q, type: 'stories_title' } } }, { signal, skipErrorHandler: true }),
    enabled: q.length > 0,
    staleTime: 60 * 1000,
  });

/** GET /v2/search/hotwords, kept for an hour. */
export const hotwordsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['hotwords'],
    queryFn: ({ signal }) => api.get('/v2/search/hotwords', { params: { query: { type: 'hotwords' } } }, { signal, skipErrorHandler: true }),
    enabled,
    staleTime: HOUR,
  });

/** The search page's view of the URL's filters (`/browse`: every kind, no query, hot by default) and its two calls. */
export function searchPageQueries(filters: Filters, browse: boolean) {
  const q = browse ? '' : filters.q.trim().slice(0, MAX_SEARCH);
  const sort = filters.sort as SearchSort;
  const time = sort === 'hot' ? filters.time : null;
  return {
    q,
    sort,
    list: searchQuery({ q, model: filters.model, label: filters.label, time, sort }),
    totals: totalsQuery({ q, label: filters.label, time, sort }),
  };
}

/** The search page's default sort: by relevance, the browse page by hotness. */
export const searchDefaultSort = (browse: boolean): Filters['sort'] => (browse ? 'hot' : 'relevance');
