/** Typed calls of spec section 7 (visitor side). */
import { get, post } from './request';
import type {
  ContentType, FeedItem, LoginInfo, PaperInfo, Page, RankingRow, SortValue, StoryInfo, TimeValue, Totals,
} from './types';

export interface FeedFilters {
  label: string[];
  time: TimeValue | null;
  sort: SortValue;
  size?: number;
}

export const FEED_PATHS: Record<ContentType, string> = {
  story: '/v1/story/list',
  event: '/v1/events',
  paper: '/v3/paper/list',
  project: '/v3.1/github/home/list',
};

export const PAGE_SIZE = 20;

export function fetchFeed(type: ContentType, filters: FeedFilters, page: number, signal?: AbortSignal) {
  return post<Page<FeedItem>>(FEED_PATHS[type], {
    page,
    label: filters.label,
    time: filters.sort === 'hot' ? filters.time : null,
    sort: filters.sort,
    size: filters.size ?? PAGE_SIZE,
  }, { signal });
}

export interface SearchParams {
  q: string;
  model?: ContentType | null;
  label?: string[];
  time?: TimeValue | null;
  sort?: 'relevance' | 'hot' | 'new';
}

export function fetchSearch(params: SearchParams, page: number, signal?: AbortSignal) {
  return get<Page<FeedItem>>('/v2/search', {
    q: params.q,
    model: params.model ?? undefined,
    label: params.label && params.label.length ? params.label.join(',') : undefined,
    time: params.time ?? undefined,
    sort: params.sort ?? 'relevance',
    page,
    size: PAGE_SIZE,
  }, { signal });
}

export interface Suggestion {
  source: { story_info: { id: number; title: string } };
  highlight?: { 'story_info.title'?: string[] };
}

export function fetchSuggestions(q: string, signal?: AbortSignal) {
  return get<Suggestion[]>('/v2/search/stories_title', { q, type: 'stories_title' }, { signal, skipErrorHandler: true });
}

export function fetchHotwords() {
  return get<{ source: { content: string } }[]>('/v2/search/hotwords', { type: 'hotwords' }, { skipErrorHandler: true });
}

export function fetchTotals(params: { q: string; label?: string[]; time?: TimeValue | null }, signal?: AbortSignal) {
  return get<Totals>('/v2/total', {
    q: params.q,
    label: params.label && params.label.length ? params.label.join(',') : undefined,
    time: params.time ?? undefined,
  }, { signal });
}

export function fetchStory(id: string | number, signal?: AbortSignal) {
  return get<StoryInfo>(`/v1/stories/${id}`, undefined, { signal });
}

export function fetchSimilar(storyId: string | number, size = 6) {
  return post<{ list: FeedItem[] }>('/v1/story/similar', { story_id: Number(storyId), size }, { skipErrorHandler: true });
}

export function fetchPaper(id: string | number, signal?: AbortSignal) {
  return get<PaperInfo>(`/v3/paper/${id}`, undefined, { signal });
}

export function fetchPaperTrends(id: string | number, signal?: AbortSignal) {
  return get<[string, number][]>(`/v3/paper/trends/${id}`, undefined, { signal });
}

export function fetchRankings(tab: 'global' | 'hub', page: number, signal?: AbortSignal) {
  return get<Page<RankingRow>>('/v1/rankings', { tab, sort: 'hot', time: 'day', page, size: PAGE_SIZE }, { signal });
}

export interface PaperUser {
  id?: number;
  user_id?: number;
  name?: string;
  avatar_url?: string | null;
  arxiv_name?: string | null;
  is_expert?: boolean;
  score?: number;
  bio?: string;
  description?: string;
  paper_count?: number;
  [key: string]: unknown;
}

export function fetchPaperUser(userId: string | number) {
  return post<PaperUser>('/v2/papers/userinfo', { user_id: Number(userId) });
}

export function fetchPaperUserPapers(arxivName: string, page: number) {
  return post<Page<FeedItem> | FeedItem[]>('/v2/papers/userlist/arxiv_name', { arxiv_name: arxivName, page });
}

export function fetchLoginInfo() {
  return get<LoginInfo>('/v1/users', undefined, { skipErrorHandler: true });
}
