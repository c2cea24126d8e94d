import { queryOptions } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/hooks/useInfiniteList';
import type { ProfileEditBody, UserCard } from '@/api/types';
import { api } from '@/lib/requestApi';

export const PAGE_SIZE = 20;

export type RankTab = 'global' | 'hub';

/** GET /v1/rankings: the people leaderboard, hot, today. */
/** The rankings' time ranges (spec: day, week, month as 今天/本周/本月; default day). */
export type RankTime = 'day' | 'week' | 'month';

export const rankingsQuery = (tab: RankTab, time: RankTime = 'day') =>
  pagedQueryOptions(['rankings', tab, time], (page, signal) =>
    api.get('/v1/rankings', { params: { query: { tab, sort: 'hot', time, page, size: PAGE_SIZE } } }, { signal }),
  );

/** POST /v2/papers/userinfo: a hub user (by id) with their paper count. */
export const personQuery = (userId: string) =>
  queryOptions({
    queryKey: ['paper-user', userId],
    queryFn: ({ signal }) => api.post('/v2/papers/userinfo', { body: { user_id: Number(userId) } }, { signal }),
    enabled: Boolean(userId),
  });

/** GET /v1/users/{id}/stories: a member's stories, newest first (never an anonymous one). */
export const userStoriesQuery = (userId: string) =>
  pagedQueryOptions(
    ['user-stories', userId],
    (page, signal) => api.get('/v1/users/{user_id}/stories', { params: { path: { user_id: Number(userId) }, query: { page, size: PAGE_SIZE } } }, { signal }),
    Boolean(userId),
  );

/** POST /v2/papers/userinfo: the person behind an arXiv author name (id null when no member is bound to it). */
export const authorQuery = (arxivName: string) =>
  queryOptions({
    queryKey: ['paper-author', arxivName],
    queryFn: ({ signal }) => api.post('/v2/papers/userinfo', { body: { arxiv_name: arxivName } }, { signal }),
    enabled: Boolean(arxivName),
  });

/** POST /v2/papers/userlist/arxiv_name: the papers of an arXiv author name, newest first. */
export const authorPapersQuery = (arxivName: string) =>
  pagedQueryOptions(
    ['user-papers', arxivName],
    (page, signal) => api.post('/v2/papers/userlist/arxiv_name', { body: { arxiv_name: arxivName, page } }, { signal }),
    Boolean(arxivName),
  );

/** A row of GET /v1/users/list (the document's UserCard: `name` may be null). */
export type UserRow = UserCard;

/** Body of POST /v1/users/edit. */
export type ProfileBody = ProfileEditBody;

/** GET /v1/users/list: the hub's users, page by page. */
export const usersListQuery = () =>
  pagedQueryOptions(['users-list'], (page, signal) =>
    api.get('/v1/users/list', { params: { query: { page, size: PAGE_SIZE } } }, { signal }),
  );

/** GET /v1/users/bindings: the accounts bound to the caller. */
export const bindingsQuery = () =>
  queryOptions({
    queryKey: ['user-bindings'],
    // The API answers {list: [...]} (BindingList); the page shows the list.
    queryFn: async ({ signal }) => (await api.get('/v1/users/bindings', undefined, { signal })).list,
  });

/** GET /v1/users/{id}/replies: a member's replies under stories and papers, newest first, as a paged list. */
export const userRepliesQuery = (userId: string) =>
  pagedQueryOptions(
    ['user-replies', userId],
    async (page, signal) => {
      const answer = await api.get('/v1/users/{user_id}/replies', { params: { path: { user_id: Number(userId) }, query: { page, size: PAGE_SIZE } } }, { signal });
      return { list: answer.replies, page: answer.page, size: answer.size, total: answer.total, hasNextPage: answer.page * answer.size < answer.total };
    },
    Boolean(userId),
  );
