import { queryOptions } from '@tanstack/react-query';
import type { FeedPage, LoginInfo, Person, RankingPage } from '@/api/types';
import { pagedQueryOptions } from '@/hooks/useInfiniteList';
import { get, post } from '@/lib/request';

export const PAGE_SIZE = 20;
const HOUR = 60 * 60 * 1000;

export type RankTab = 'global' | 'hub';

/** GET /v1/rankings: the people leaderboard, hot, today. */
export const rankingsQuery = (tab: RankTab) =>
  pagedQueryOptions(['rankings', tab], (page, signal) =>
    get<RankingPage>('/v1/rankings', { tab, sort: 'hot', time: 'day', page, size: PAGE_SIZE }, { signal }),
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

/** GET /v1/users: the signed-in caller; fails (401) when signed out. */
export const loginInfoQuery = () =>
  queryOptions({
    queryKey: ['login-info'],
    queryFn: ({ signal }) => get<LoginInfo>('/v1/users', undefined, { signal, skipErrorHandler: true }),
    staleTime: HOUR,
  });
