import { afterEach, describe, expect, it, vi } from 'vitest';
import { actOnStatus, fetchTimeline, postStatus, statusText } from './linkApi';
import { LINK_TOKEN_KEY, linkAuthHeaders } from './linkToken';

type Call = [string, RequestInit];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const STATUS = { id: '7', created_at: '2026-01-01T00:00:00.000Z', content: '<p>a</p>', url: '/link?status=7', in_reply_to_id: null, replies_count: 0, favourites_count: 0, account: { id: '1', display_name: '甲', avatar: '', url: '' } };

describe('link token rule', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('sends no authorization header without a stored token, a bearer header with one', async () => {
    const fetchMock = vi.fn(async () => json([]));
    vi.stubGlobal('fetch', fetchMock);
    await fetchTimeline(null);
    window.localStorage.setItem(LINK_TOKEN_KEY, 'tok');
    await fetchTimeline(null);
    const [first, second] = fetchMock.mock.calls as unknown as Call[];
    expect(first[0]).toBe('/link-api/api/v1/timelines/public?limit=20');
    expect((first[1].headers as Record<string, string>).Authorization).toBeUndefined();
    expect(first[1].credentials).toBe('omit');
    expect((second[1].headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(linkAuthHeaders(null)).toEqual({});
  });

  it('authorizes first when a write needs a token and none is stored, and keeps it under the local key', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.includes('/v3/link/authorize') ? json({ code: 0, data: { access_token: 'new' }, msg: '' }) : json(STATUS)));
    vi.stubGlobal('fetch', fetchMock);
    await postStatus('你好');
    const calls = fetchMock.mock.calls as unknown as Call[];
    expect(calls[0][0]).toBe(`/api/v3/link/authorize?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    expect(calls[1][0]).toBe('/link-api/api/v1/statuses');
    expect((calls[1][1].headers as Record<string, string>).Authorization).toBe('Bearer new');
    expect(window.localStorage.getItem(LINK_TOKEN_KEY)).toBe('new');
  });

  it('a refused token (401) starts the authorize flow once and repeats the call', async () => {
    window.localStorage.setItem(LINK_TOKEN_KEY, 'stale');
    let statusCalls = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('/v3/link/authorize')) return json({ code: 0, data: { access_token: 'fresh' }, msg: '' });
      statusCalls += 1;
      return statusCalls === 1 ? json({ error: '访问令牌无效，请重新授权' }, 401) : json({ ...STATUS, favourited: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    const answer = await actOnStatus('7', 'favourite');
    expect(answer.favourited).toBe(true);
    const calls = fetchMock.mock.calls as unknown as Call[];
    expect(calls.map((c) => c[0].split('?')[0])).toEqual(['/link-api/api/v1/statuses/7/favourite', '/api/v3/link/authorize', '/link-api/api/v1/statuses/7/favourite']);
    expect((calls[2][1].headers as Record<string, string>).Authorization).toBe('Bearer fresh');
  });

  it('shows a status as text, never as markup', () => {
    expect(statusText('<p>一 &lt;b&gt;<br>二</p><p><img src=x onerror=alert(1)>三</p>')).toBe('一 <b>\n二\n\n三');
  });
});
