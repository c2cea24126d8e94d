import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyImage } from '../image';
import { addHistory, readHistory } from '../history';
import { contentTypeOf } from '../contentType';
import { tagEnabled, TAGS_BY_ID, TAG_GROUPS } from '../tags';
import { ApiError, request } from '../request';
import { detectDevice } from '../device';
import { pickTags } from '../../components/cards/TagList';
import { authorOf } from '../../components/cards/StoryCard';
import { activeNav, appNavVisible, logoTarget } from '../../components/Header/nav';
import { nextAppHeaderState } from '../../components/Header/Header';
import { sanitizeHtml } from '../sanitize';
import { shouldReloadForChunk } from '../lazy';

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
  });
});

describe('search history', () => {
  it('is newest first without duplicates', () => {
    addHistory('a');
    addHistory('b');
    addHistory('a');
    addHistory('  c  ');
    expect(readHistory()).toEqual(['c', 'a', 'b']);
  });
  it('ignores blank text and keeps 10', () => {
    addHistory('   ');
    for (let i = 0; i < 15; i += 1) addHistory(`q${i}`);
    expect(readHistory()).toHaveLength(10);
    expect(readHistory()[0]).toBe('q14');
  });
});

describe('content type and navigation rules', () => {
  it.each([
    ['/', 'story'], ['/papers', 'paper'], ['/events', 'event'], ['/projects', 'project'], ['/rankings', 'ranking'], ['/search', 'story'],
  ])('%s -> %s', (p, t) => expect(contentTypeOf(p)).toBe(t));
  it('active nav: story detail counts as home, paper/trends as papers', () => {
    expect(activeNav('/view/12')).toBe('home');
    expect(activeNav('/paper/3')).toBe('papers');
    expect(activeNav('/trends/3')).toBe('papers');
    expect(activeNav('/events')).toBe('events');
    expect(activeNav('/search')).toBeNull();
  });
  it('logo target follows the page', () => {
    expect(logoTarget('/paper/1')).toBe('/papers');
    expect(logoTarget('/trends/1')).toBe('/papers');
    expect(logoTarget('/events')).toBe('/events');
    expect(logoTarget('/users/4')).toBe('/rankings');
    expect(logoTarget('/view/1')).toBe('/');
  });
  it('app nav row only on home, events, papers, projects, rankings', () => {
    expect(['/', '/events', '/papers', '/projects', '/rankings'].every(appNavVisible)).toBe(true);
    expect(appNavVisible('/view/1')).toBe(false);
    expect(appNavVisible('/search')).toBe(false);
  });
  it('app header: removed near the top, hidden scrolling down past 2x, shown scrolling up', () => {
    expect(nextAppHeaderState('shown', 10, 100, 56)).toBe('removed');
    expect(nextAppHeaderState('removed', 100, 60, 56)).toBe('removed');
    expect(nextAppHeaderState('removed', 130, 100, 56)).toBe('hidden');
    expect(nextAppHeaderState('hidden', 400, 500, 56)).toBe('shown');
  });
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
  it('cards show at most 5 tags, highlighted first', () => {
    const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id, title: id.toUpperCase() }));
    tags[6] = { ...tags[6], highlighted: true } as never;
    const out = pickTags(tags, ['f']);
    expect(out).toHaveLength(5);
    expect(out.slice(0, 2).map((t) => t.id).sort()).toEqual(['f', 'g']);
    expect(out.slice(2).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('story author', () => {
  it("shows '匿名' when name, avatar or id is missing", () => {
    expect(authorOf({ user_name: 'x', user_avatar: 'y', user_id: 1 }).name).toBe('x');
    expect(authorOf({ user_name: '', user_avatar: 'y', user_id: 1 }).name).toBe('匿名');
    expect(authorOf({ user_name: 'x', user_avatar: null, user_id: 1 }).name).toBe('匿名');
    expect(authorOf({ user_name: 'x', user_avatar: 'y', user_id: null }).name).toBe('匿名');
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

describe('sanitize', () => {
  it('drops scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml('<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">l</a><img src="https://a/b.png" onerror="x"></p>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript/);
    expect(out).toContain('<p>hi');
    expect(out).toContain('src="https://a/b.png"');
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
    await expect(request('/v2/x', { params: { q: '大模型', label: ['a', 'b'] } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v2/x?q=%E5%A4%A7%E6%A8%A1%E5%9E%8B&label=a&label=b');
    expect(init.credentials).toBe('include');
  });

  it('shares one network call between identical in-flight requests', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => reply({ code: 0, data: 1 }));
    const [a, b] = await Promise.all([request('/same'), request('/same')]);
    expect(a).toBe(1);
    expect(b).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects other codes with code and message', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => reply({ code: 400, data: null, msg: '搜索内容不能超过100个字符' }, 400));
    const err = (await request('/bad', { skipErrorHandler: true }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(400);
    expect(err.message).toBe('搜索内容不能超过100个字符');
  });
});
