import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

/** What the related items are asked for: a story, paper, project or event (a paper by its arXiv number). */
export type RelatedOf = { type: 'story' | 'paper' | 'project' | 'event'; id: string };

/** GET /v1/related: up to six items of any kind sharing the item's topic, the item itself left out. */
export const relatedQuery = (of: RelatedOf, enabled = true) =>
  queryOptions({
    queryKey: ['related', of.type, of.id],
    queryFn: ({ signal }) => api.get('/v1/related', { params: { query: of } }, { signal, skipErrorHandler: true }),
    enabled: enabled && Boolean(of.id),
    staleTime: 5 * 60_000,
  });
