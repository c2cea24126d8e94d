import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

/** POST /v1/events/info: one event with the caller's ticket, for its page. */
export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: ['event', id],
    queryFn: async ({ signal }) => (await api.post('/v1/events/info', { body: { type: 'events', ids: [Number(id)] } }, { signal }))[0] ?? null,
    enabled: /^\d{1,18}$/.test(id),
  });
