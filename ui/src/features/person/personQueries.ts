import { queryOptions } from '@tanstack/react-query';
import type { BindingList, FeedPage, Paged, Person, RankingPage } from '@/api/types';
import { pagedQueryOptions } from '@/hooks/useInfiniteList';
import { get, post } from '@/lib/request';

export const PAGE_SIZE = 20;

export type RankTab = 'global' | 'hub';

/** GET /v1/rankings: the people leaderboard, hot, today. */
/** The rankings' time ranges (spec: day, week, month as 今天/本周/本月; default day). */
export type RankTime = 'day' | 'week' | 'month';

export const rankingsQuery = (tab: RankTab, time: RankTime = 'day') =>
  pagedQueryOptions(['rankings', tab, time], (page, signal) =>
    get<RankingPage>('/v1/rankings', { tab, sort: 'hot', time, page, size: PAGE_SIZE }, { signal }),
  );

/** POST /v2/papers/userinfo: a hub user (by id) with their paper count. */
export const personQuery = (userId: string) =>
  queryOptions({
    queryKey: ['paper-user', userId],
    queryFn: ({ signal }) => post<Person>('/v2/papers/userinfo', { user_id: Number(userId) }, { signal }),
    enabled: Boolean(userId),
  });

/** POST /v2/papers/userlist/arxiv_name: the papers of an arXiv author name, newest first. */
export const authorPapersQuery = (arxivName: string) =>
  pagedQueryOptions(
    ['user-papers', arxivName],
    (page, signal) => post<FeedPage>('/v2/papers/userlist/arxiv_name', { arxiv_name: arxivName, page }, { signal }),
    Boolean(arxivName),
  );

/** A row of GET /v1/users/list. // until the API types are regenerated */
export interface UserRow {
  id: number;
  name: string;
  avatar_url?: string | null;
  is_expert?: boolean;
  score?: number;
}

/** An account bound through the sign-in provider. // until the API types are regenerated */

/** Body of POST /v1/users/edit. // until the API types are regenerated */
export interface ProfileBody {
  name: string;
  avatar_url: string;
  region: string;
}

/** GET /v1/users/list: the hub's users, page by page. */
export const usersListQuery = () =>
  pagedQueryOptions(['users-list'], (page, signal) =>
    get<Paged<UserRow>>('/v1/users/list', { page, size: PAGE_SIZE }, { signal }),
  );

/** GET /v1/users/bindings: the accounts bound to the caller. */
export const bindingsQuery = () =>
  queryOptions({
    queryKey: ['user-bindings'],
    // The API answers {list: [...]} (BindingList); the page shows the list.
    queryFn: async ({ signal }) => (await get<BindingList>('/v1/users/bindings', undefined, { signal })).list,
  });
