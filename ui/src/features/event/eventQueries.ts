import { queryOptions } from '@tanstack/react-query';
import type { EventInfo } from '@/api/types';
import { post } from '@/lib/request';

/** POST /v1/events/info: one event with the caller's ticket, for its page. */
export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: ['event', id],
    queryFn: async ({ signal }) => (await post<EventInfo[]>('/v1/events/info', { type: 'events', ids: [Number(id)] }, { signal }))[0] ?? null,
    enabled: /^\d{1,18}$/.test(id),
  });
