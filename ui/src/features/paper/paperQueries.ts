import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

/** GET /v3/paper/{id}: one paper with every tag. */
export const paperQuery = (id: string) =>
  queryOptions({
    queryKey: ['paper', id],
    queryFn: ({ signal }) => api.get('/v3/paper/{paper_id}', { params: { path: { paper_id: id } } }, { signal }),
    enabled: Boolean(id),
  });

/** GET /v3/paper/trends/{id}: the hotness series, already padded by the API (api/trends.py). */
export const paperTrendsQuery = (id: string) =>
  queryOptions({
    queryKey: ['paper-trends', id],
    queryFn: ({ signal }) => api.get('/v3/paper/trends/{paper_id}', { params: { path: { paper_id: id } } }, { signal }),
    enabled: Boolean(id),
  });
