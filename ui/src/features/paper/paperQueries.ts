import { queryOptions } from '@tanstack/react-query';
import type { PaperInfo, TrendPoint } from '@/api/types';
import { get } from '@/lib/request';

/** GET /v3/paper/{id}: one paper with every tag. */
export const paperQuery = (id: string) =>
  queryOptions({
    queryKey: ['paper', id],
    queryFn: ({ signal }) => get<PaperInfo>(`/v3/paper/${id}`, undefined, { signal }),
    enabled: Boolean(id),
  });

/** GET /v3/paper/trends/{id}: the hotness series, already padded by the API (api/trends.py). */
export const paperTrendsQuery = (id: string) =>
  queryOptions({
    queryKey: ['paper-trends', id],
    queryFn: ({ signal }) => get<TrendPoint[]>(`/v3/paper/trends/${id}`, undefined, { signal }),
    enabled: Boolean(id),
  });
