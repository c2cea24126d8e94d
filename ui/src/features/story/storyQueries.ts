import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

/** GET /v1/stories/{id}: the story with every tag and its content (sanitised by the API). */
export const storyQuery = (id: string) =>
  queryOptions({
    queryKey: ['story', id],
    queryFn: ({ signal }) => api.get('/v1/stories/{story_id}', { params: { path: { story_id: Number(id) } } }, { signal }),
    enabled: Boolean(id),
  });
