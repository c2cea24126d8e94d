import { queryOptions } from '@tanstack/react-query';
import type { FeedList, StoryDetail } from '@/api/types';
import { get, post } from '@/lib/request';

export const SIMILAR_SIZE = 6;

/** GET /v1/stories/{id}: the story with every tag and its content (sanitised by the API). */
export const storyQuery = (id: string) =>
  queryOptions({
    queryKey: ['story', id],
    queryFn: ({ signal }) => get<StoryDetail>(`/v1/stories/${id}`, undefined, { signal }),
    enabled: Boolean(id),
  });

/** POST /v1/story/similar: related stories, the story itself left out by the API. */
export const similarStoriesQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['similar', id],
    queryFn: ({ signal }) =>
      post<FeedList>('/v1/story/similar', { story_id: Number(id), size: SIMILAR_SIZE }, { signal, skipErrorHandler: true }),
    enabled,
  });
