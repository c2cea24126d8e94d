import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

export const SIMILAR_SIZE = 6;

/** GET /v1/stories/{id}: the story with every tag and its content (sanitised by the API). */
export const storyQuery = (id: string) =>
  queryOptions({
    queryKey: ['story', id],
    queryFn: ({ signal }) => api.get('/v1/stories/{story_id}', { params: { path: { story_id: Number(id) } } }, { signal }),
    enabled: Boolean(id),
  });

/** POST /v1/story/similar: related stories, the story itself left out by the API. */
export const similarStoriesQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['similar', id],
    queryFn: ({ signal }) =>
      api.post('/v1/story/similar', { body: { story_id: Number(id), size: SIMILAR_SIZE } }, { signal, skipErrorHandler: true }),
    enabled,
  });
