import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, csrfToken, resetLoginRedirect } from './request';
import { api } from './requestApi';
import { safeRedirect } from './paths';

function reply(body: unknown, status = 200) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

describe('request client: CSRF header', () => {
  afterEach(() => { vi.unstubAllGlobals(); clearCookies(); });

  it('reads the hub_csrf cookie', () => {
    expect(csrfToken('a=1; hub_csrf=abc%3D; b=2')).toBe('abc=');
    expect(csrfToken('a=1')).toBeUndefined();
    expect(csrfToken('')).toBeUndefined();
  });

  it('sends X-CSRF-Token on POST and PUT, never on GET', async () => {
    document.cookie = 'hub_csrf=tok123; path=/';
    const fetchMock = reply({ code: 0, data: { ok: 1 }, msg: '' });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/v1/stories', { body: { title: 't', content: 'c' } });
    await api.put('/v1/stories/{story_id}', { params: { path: { story_id: 1 } }, body: { title: 't', content: 'c' } });
    await api.get('/v1/stories/{story_id}', { params: { path: { story_id: 1 } } });
    const headers = fetchMock.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1].headers as Record<string, string>);
    expect(headers[0]['X-CSRF-Token']).toBe('tok123');
    expect(headers[1]['X-CSRF-Token']).toBe('tok123');
    expect(headers[2]['X-CSRF-Token']).toBeUndefined();
    const init = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('include');
  });

  it('sends no CSRF header when the cookie is absent', async () => {
    const fetchMock = reply({ code: 0, data: null, msg: '' });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/v1/report/down', { body: { story_id: 1 } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it('write() returns the data and the envelope msg', async () => {
    vi.stubGlobal('fetch', reply({ code: 0, data: { id: 5 }, msg: '发布成功' }));
    await expect(api.write('post', '/v1/stories', { body: { title: 't', content: 'c' } })).resolves.toEqual({ data: { id: 5 }, msg: '发布成功' });
  });
});

describe('request client: 403 sends the visitor to login', () => {
  const assign = vi.fn();
  const original = window.location;
  beforeEach(() => {
    resetLoginRedirect();
    assign.mockReset();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname: '/view/7', search: '?x=1', href: 'http://localhost/view/7?x=1', origin: 'http://localhost', assign },
    });
  });
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
    vi.unstubAllGlobals();
  });

  it('redirects to /auth/login with the current path and query', async () => {
    vi.stubGlobal('fetch', reply({ code: 403, data: null, msg: '没有权限' }, 403));
    await expect(api.post('/v1/stories/{story_id}/favourite', { params: { path: { story_id: 7 } } })).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledTimes(1);
    const url = assign.mock.calls[0][0] as string;
    expect(url.startsWith('/auth/login?')).toBe(true);
    expect(new URLSearchParams(url.split('?')[1]).get('redirect_url')).toBe('/view/7?x=1');
  });

  it('does not redirect when the caller skips global error handling (login info)', async () => {
    vi.stubGlobal('fetch', reply({ code: 403, data: null, msg: '没有权限' }, 403));
    await expect(api.get('/v1/users', undefined, { skipErrorHandler: true })).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('safeRedirect (the /logincall target)', () => {
  it.each([
    ['/view/3?a=1', '/view/3?a=1'],
    ['/', '/'],
    ['/search?q=%E5%A4%A7', '/search?q=%E5%A4%A7'],
    [`${window.location.origin}/papers?x=1`, '/papers?x=1'],
    [null, '/'],
    ['', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['view/3', '/'],
    ['/a\nb', '/'],
    ['/logincall?redirect_url=/x', '/'],
  ])('%s -> %s', (input, out) => expect(safeRedirect(input)).toBe(out));
});
