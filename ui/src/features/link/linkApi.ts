/**
 * The link feed's calls. The link service (spec section 7: separate host, Mastodon client API, not
 * credentialed) is reached at the site's `link_base_url` + /api; the hub's own link calls go through the
 * request layer. Every call carries the bearer header only when a token is stored; a 401 from the link
 * service starts the authorize flow once (GET /v3/link/authorize issues a token for the signed-in user,
 * or with a remote server sends the browser to its consent page and back) and the call is repeated.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';
import { clearLinkToken, linkAuthHeaders, linkToken, storeLinkToken } from './linkToken';

export interface LinkAccount {
  id: string;
  display_name: string;
  avatar: string;
  url: string;
}

export interface LinkStatus {
  id: string;
  created_at: string;
  content: string;
  url: string | null;
  in_reply_to_id: string | null;
  replies_count: number;
  favourites_count: number;
  favourited?: boolean;
  bookmarked?: boolean;
  account: LinkAccount;
}

export interface LinkContext {
  ancestors: LinkStatus[];
  descendants: LinkStatus[];
}

export class LinkError extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'LinkError';
    this.status = status;
  }
}

const UNREACHABLE = '社区动态服务暂时不可用，请稍后再试';

let linkBase = '/link-api';

/** Where the link service is (from the site's configuration). */
export function setLinkBase(base: string | undefined): void {
  if (base) linkBase = base.replace(/\/+$/, '');
}

async function call<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...linkAuthHeaders() };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${linkBase}/api${path}`, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'omit', // not credentialed: the bearer token is the only credential
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (e) {
    if (init.signal?.aborted) throw e;
    throw new LinkError(503, UNREACHABLE);
  }
  const payload = await res.json().catch(() => null);
  if (!res.ok) {
    const message = payload && typeof payload === 'object' && 'error' in payload ? String(payload.error) : UNREACHABLE;
    throw new LinkError(res.status, message);
  }
  return payload as T;
}

/**
 * A token for the signed-in user (a signed-out visitor is sent to sign in by the request layer). The
 * built-in service answers one at once. A remote server answers its consent page instead: the browser
 * goes there and comes back to this very page with `?link_auth=1` (LinkAuthReturn takes the token), so
 * the promise never settles here.
 */
export async function authorizeLink(): Promise<string> {
  const here = window.location.pathname + window.location.search;
  const data = await api.get('/v3/link/authorize', { params: { query: { next: here } } }, { csrf: true });
  if (data.access_token) {
    storeLinkToken(data.access_token);
    return data.access_token;
  }
  if (data.authorize_url) {
    window.location.assign(data.authorize_url);
    return new Promise<string>(() => undefined);
  }
  throw new LinkError(503, UNREACHABLE);
}

/** A link call that needs a token: authorize first when none is stored, and again once on a 401. */
async function withToken<T>(run: () => Promise<T>): Promise<T> {
  if (!linkToken()) await authorizeLink();
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof LinkError) || e.status !== 401) throw e;
    clearLinkToken();
    await authorizeLink();
    return run();
  }
}

export interface TimelinePage {
  list: LinkStatus[];
  nextMaxId: string | null;
}

export const LINK_PAGE = 20;

export async function fetchTimeline(maxId: string | null, signal?: AbortSignal): Promise<TimelinePage> {
  const query = new URLSearchParams({ limit: String(LINK_PAGE) });
  if (maxId) query.set('max_id', maxId);
  const run = () => call<LinkStatus[]>(`/v1/timelines/public?${query.toString()}`, { signal });
  let list: LinkStatus[];
  try {
    list = await run();
  } catch (e) {
    // A stale stored token is refused: drop it and read anonymously.
    if (!(e instanceof LinkError) || e.status !== 401) throw e;
    clearLinkToken();
    list = await run();
  }
  return { list, nextMaxId: list.length === LINK_PAGE ? list[list.length - 1].id : null };
}

export const linkStatusQuery = (id: string) =>
  queryOptions({ queryKey: ['link', 'status', id] as const, queryFn: ({ signal }) => call<LinkStatus>(`/v1/statuses/${encodeURIComponent(id)}`, { signal }) });

export const linkContextQuery = (id: string) =>
  queryOptions({
    queryKey: ['link', 'context', id] as const,
    queryFn: ({ signal }) => call<LinkContext>(`/v1/statuses/${encodeURIComponent(id)}/context`, { signal }),
  });

export type LinkAction = 'favourite' | 'unfavourite' | 'bookmark' | 'unbookmark';

export function actOnStatus(id: string, action: LinkAction): Promise<LinkStatus> {
  return withToken(() => call<LinkStatus>(`/v1/statuses/${encodeURIComponent(id)}/${action}`, { method: 'POST' }));
}

export function postStatus(status: string, inReplyToId?: string): Promise<LinkStatus> {
  const body = inReplyToId ? { status, in_reply_to_id: inReplyToId } : { status };
  return withToken(() => call<LinkStatus>('/v1/statuses', { method: 'POST', body }));
}

/** GET /v3/paper/action/{id}/publish: the hub posts the paper as the caller (once per paper). */
export function publishPaper(id: string): Promise<{ post_id: string; created: boolean }> {
  return withTokenForHub(() =>
    api.get('/v3/paper/action/{paper_id}/{action}', { params: { path: { paper_id: id, action: 'publish' } } }, {
      csrf: true,
      headers: linkAuthHeaders(),
      skipErrorHandler: true,
    }),
  );
}

/** POST /v1/story/update_post_id: the shared story's link post. */
export function updateStoryPostId(storyId: number, postId: string) {
  return api.post('/v1/story/update_post_id', { body: { story_id: storyId, post_id: postId } }, { headers: linkAuthHeaders() });
}

/** The hub's link calls answer 401 when the token is missing or refused: authorize and repeat once. */
async function withTokenForHub<T>(run: () => Promise<T>): Promise<T> {
  if (!linkToken()) await authorizeLink();
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof Error) || (e as { code?: number }).code !== 401) throw e;
    clearLinkToken();
    await authorizeLink();
    return run();
  }
}

/** GET /v3/link/authorize/checking: is the stored token good for the signed-in user (quiet on failure). */
export function checkLinkAuthorization() {
  return api.get('/v3/link/authorize/checking', undefined, { headers: linkAuthHeaders(), skipErrorHandler: true });
}

/** Mastodon's content is HTML; the feed shows it as text (line breaks kept), so no remote markup is ever rendered. */
export function statusText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n'), 'text/html');
  return doc.body.textContent ?? '';
}
