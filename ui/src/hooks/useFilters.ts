import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SortValue, TimeValue } from '@/api/types';
import { isKind, type Kind } from '@/kinds';

const TIMES: TimeValue[] = ['day', '3day', 'week', 'month'];

export interface Filters {
  label: string[];
  sort: SortValue | 'relevance';
  time: TimeValue;
  q: string;
  /** the kind search is narrowed to (null: every kind) */
  model: Kind | null;
}

export function parseLabels(value: string | null | string[]): string[] {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  const out: string[] = [];
  for (const v of values) {
    for (const part of v.split(',')) {
      const t = part.trim();
      if (t && !out.includes(t)) out.push(t);
    }
  }
  return out;
}

/** The filters a URL query names (also read before the first render, by app/prefetch.ts). */
export function filtersFrom(params: URLSearchParams, defaultSort: Filters['sort']): Filters {
  const sortParam = params.get('sort');
  const sort = sortParam === 'hot' || sortParam === 'new' || sortParam === 'relevance' ? sortParam : defaultSort;
  const timeParam = params.get('time') as TimeValue | null;
  const modelParam = params.get('model');
  return {
    label: parseLabels(params.getAll('label')),
    sort,
    time: timeParam && TIMES.includes(timeParam) ? timeParam : 'day',
    q: params.get('q') ?? '',
    model: isKind(modelParam) ? modelParam : null,
  };
}

/**
 * The filters live in the URL query: label (comma-separated tag ids), sort, time, q, model, page.
 * Defaults: newest first, time 'day' (rankings and search pass their own default sort).
 * `narrowed`: tags or a time range filter the list; `clearFilters()` removes them ('清除筛选').
 */
export function useFilters(defaultSort: Filters['sort'] = 'new') {
  const [params, setParams] = useSearchParams();
  const filters: Filters = useMemo(() => filtersFrom(params, defaultSort), [params, defaultSort]);

  const update = useCallback(
    (patch: Partial<Record<'label' | 'sort' | 'time' | 'model' | 'q', string | string[] | null>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            next.delete(key);
            if (Array.isArray(value)) {
              if (value.length) next.set(key, value.join(','));
            } else if (value !== null && value !== undefined && value !== '') {
              next.set(key, value);
            }
          }
          next.delete('page'); // a filter change starts again at page 1
          // The time range applies to the hot sort only: leaving it (for new, or relevance) drops a stale time=.
          if (patch.sort !== undefined && patch.sort !== 'hot' && patch.time === undefined) next.delete('time');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  // Tags narrow any list; the time range narrows it under the hot sort only, so where hot is not the
  // default, clearing goes back to the default sort (no time range). Where hot is the default (the
  // browse page), the range stays as chosen: there is no list without one.
  const rangeNarrows = filters.sort === 'hot' && defaultSort !== 'hot';
  const narrowed = filters.label.length > 0 || rangeNarrows;
  const clearFilters = useCallback(
    () => update({ label: null, ...(rangeNarrows ? { sort: null, time: null } : {}) }),
    [update, rangeNarrows],
  );

  return { filters, update, narrowed, clearFilters };
}
