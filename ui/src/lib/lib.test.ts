import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyImage } from './image';
import { QueryClient } from '@tanstack/react-query';
import { contentTypeOf } from './contentType';
import { tagEnabled, TAGS_BY_ID, TAG_GROUPS } from './tags';
import { ApiError } from './request';
import { api } from './requestApi';
import { detectDevice } from './device';
import { paths } from './paths';
import { shouldReloadForChunk } from './lazy';

describe('image proxy', () => {
  const hosts = ['assets.aihub.example'];
  it('resizes known hosts with image extensions (200 default, 500 covers)', () => {
    expect(proxyImage('https://assets.aihub.example/a/b.png', undefined, hosts)).toBe(
      'https://assets.aihub.example/a/b.png?x-oss-process=image/resize,w_200/interlace,1',
    );
    expect(proxyImage('https://assets.aihub.example/c.JPG', 500, hosts)).toContain('w_500');
    expect(proxyImage('https://assets.aihub.example/c.jpg?v=1', 500, hosts)).toBe(
      'https://assets.aihub.example/c.jpg?v=1&x-oss-process=image/resize,w_500/interlace,1',
    );
  });
  it('leaves other hosts, non-images and relative paths alone', () => {
    expect(proxyImage('https://other.example/a.png', 200, hosts)).toBe('https://other.example/a.png');
    expect(proxyImage('https://assets.aihub.example/a.svg', 200, hosts)).toBe('https://assets.aihub.example/a.svg');
    expect(proxyImage('/default-image.svg', 200, hosts)).toBe('/default-image.svg');
    expect(proxyImage('', 200, hosts)).toBe('');
    expect(proxyImage('/other/a.png', 200, hosts)).toBe('/other/a.png');
  });
  it("resizes the site's own /media/ pictures (the demo corpus) like an asset host's", () => {
    expect(proxyImage('/media/demo/cover-03.webp', 500, hosts)).toBe('/media/demo/cover-03.webp?x-oss-process=image/resize,w_500/interlace,1');
    expect(proxyImage('/media/demo/readme.txt', 500, hosts)).toBe('/media/demo/readme.txt');
  });
  it('gives no image for anything but http(s) URLs and site paths', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', 'http://[bad']) {
      expect(proxyImage(bad, 200, hosts)).toBe('');
    }
  });
});

describe('content type', () => {
  it.each([
    ['/', 'story'], ['/papers', 'paper'], ['/events', 'event'], ['/projects', 'project'], ['/rankings', 'ranking'], ['/search', 'story'],
  ])('%s -> %s', (p, t) => expect(contentTypeOf(p)).toBe(t));
});

describe('tags', () => {
  it('loads the shared tag groups with their limits', () => {
    expect(TAG_GROUPS.map((g) => [g.id, g.limit])).toEqual([['hot_topics', 5], ['technical_field', 10], ['others', 5]]);
  });
  it('a tag without a known origin for the content type is disabled', () => {
    const funding = TAGS_BY_ID.get('funding')!;
    expect(tagEnabled(funding, 'story')).toBe(true);
    expect(tagEnabled(funding, 'paper')).toBe(false);
    expect(tagEnabled(funding, 'project')).toBe(false);
  });
});

describe('device', () => {
  it('detects the app web-view from the user agent or ?app=1', () => {
    expect(detectDevice('Mozilla/5.0 (iPhone) AIHubApp/1.0', '').isApp).toBe(true);
    sessionStorage.clear();
    expect(detectDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/120', '').isApp).toBe(false);
    expect(detectDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/120', '?app=1').isApp).toBe(true);
    sessionStorage.clear();
    const d = detectDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1', '');
    expect(d.isiPhone && d.isSafari && !d.isPc).toBe(true);
  });
});

describe('paths', () => {
  it('builds the in-app URLs', () => {
    expect(paths.story(12)).toBe('/view/12');
    expect(paths.paper(3)).toBe('/paper/3');
    expect(paths.paperTrends(3)).toBe('/trends/3');
    expect(paths.user(4)).toBe('/users/4');
    expect(paths.search('大模型 RAG')).toBe('/search?q=%E5%A4%A7%E6%A8%A1%E5%9E%8B%20RAG');
    expect(paths.event(7)).toMatch(/\/activities\/7$/);
    expect(paths.login('/view/1?a=b')).toMatch(/\/auth\/login\?redirect_url=%2Fview%2F1%3Fa%3Db&from_code=/);
    expect(paths.logout('/')).toMatch(/\/auth\/logout\?redirect_url=%2F$/);
  });
});

describe('chunk reload', () => {
  it('reloads at most once a minute', () => {
    const t = 1_000_000_000;
    expect(shouldReloadForChunk(t)).toBe(true);
    expect(shouldReloadForChunk(t + 30_000)).toBe(false);
    expect(shouldReloadForChunk(t + 61_000)).toBe(true);
  });
});

describe('request layer', () => {
  afterEach(() => vi.restoreAllMocks());
  const reply = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('returns data for code 0 and -1, sends credentials to /api', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => reply({ code: -1, data: { a: 1 }, msg: '' }));
    await expect(api.get('/v2/search', { params: { query: { q: '大模型', label: ['a', 'b'] } } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v2/search?q=%E5%A4%A7%E6%A8%A1%E5%9E%8B&label=a&label=b');
    expect(init.credentials).toBe('include');
  });

  it('identical in-flight requests share one network call (TanStack Query, by query key)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => reply({ code: 0, data: 1 }));
    const client = new QueryClient();
    const options = { queryKey: ['same'], queryFn: ({ signal }: { signal: AbortSignal }) => api.get('/v1/site', undefined, { signal }) };
    const [a, b] = await Promise.all([client.fetchQuery(options), client.fetchQuery(options)]);
    expect(a).toBe(1);
    expect(b).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a cancelled caller gets an AbortError, not an API error', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      (init as RequestInit).signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    }));
    const controller = new AbortController();
    const pending = api.get('/v1/site', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const err = await pending;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');
  });

  it('rejects other codes with code and message', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => reply({ code: 400, data: null, msg: '搜索内容不能超过100个字符' }, 400));
    const err = (await api.get('/v2/search', { params: { query: { q: 'x' } } }, { skipErrorHandler: true }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(400);
    expect(err.message).toBe('搜索内容不能超过100个字符');
  });
});
