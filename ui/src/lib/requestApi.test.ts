import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, FAILED_MSG } from './request';
import { api } from './requestApi';
import * as toast from './toast';

type Call = [string, RequestInit];

function reply(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
}

describe('typed client: the request on the wire', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.cookie = 'hub_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('a GET: path under the API base, the query as before (comma-joined tags, empty values left out), no CSRF header', async () => {
    document.cookie = 'hub_csrf=tok; path=/';
    const fetchMock = reply({ code: 0, msg: '', data: { list: [], total: 0, page: 1, size: 20, hasNextPage: false } });
    vi.stubGlobal('fetch', fetchMock);
    const page = await api.get('/v2/search', { params: { query: { q: '大 模型', label: ['llm,agent'], model: undefined, page: 2 } } });
    expect(page.total).toBe(0);
    const [url, init] = fetchMock.mock.calls[0] as unknown as Call;
    expect(url).toBe('/api/v2/search?q=%E5%A4%A7+%E6%A8%A1%E5%9E%8B&label=llm%2Cagent&page=2');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('a write: path parameters filled in, JSON body, the CSRF header, the envelope msg', async () => {
    document.cookie = 'hub_csrf=tok; path=/';
    const fetchMock = reply({ code: 0, msg: '保存成功', data: { id: 7 } });
    vi.stubGlobal('fetch', fetchMock);
    const { data, msg } = await api.write('put', '/v1/stories/{story_id}', { params: { path: { story_id: 7 } }, body: { title: 't', content: '<p>x</p>' } });
    expect([data.id, msg]).toEqual([7, '保存成功']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as Call;
    expect(url).toBe('/api/v1/stories/7');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ title: 't', content: '<p>x</p>' }));
    const headers = init.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBe('tok');
    expect(headers['Content-Type']).toBe('application/json');
  });
});

describe('typed client: failures as the request layer reports them', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("an error envelope is an ApiError with the server's message, shown as a toast", async () => {
    const shown = vi.spyOn(toast, 'toast').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', reply({ code: 400, msg: '标题不能超过200个字符', data: null }, 400));
    const err = await api.post('/v1/stories', { body: { title: 't', content: 'c' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    expect(shown).toHaveBeenCalledWith('标题不能超过200个字符', 'error');
  });

  it('an answer that is not JSON is the failed-request error; skipErrorHandler keeps it quiet', async () => {
    const shown = vi.spyOn(toast, 'toast').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', reply('<html>', 200, { 'Content-Type': 'text/html' }));
    const err = await api.get('/v1/site', undefined, { skipErrorHandler: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).code, (err as ApiError).message]).toEqual([503, FAILED_MSG]);
    expect(shown).not.toHaveBeenCalled();
  });

  it('a call the caller cancels rejects with its AbortError and shows nothing', async () => {
    const shown = vi.spyOn(toast, 'toast').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })));
    const controller = new AbortController();
    const pending = api.get('/v1/site', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(shown).not.toHaveBeenCalled();
  });
});

// Compile-time checks (npm run typecheck): the document decides paths, parameters, bodies and answers.
export async function typeChecks() {
  // @ts-expect-error a path the document does not have
  await api.get('/v2/serch');
  // @ts-expect-error a body field of the wrong type
  await api.post('/v1/story/list', { body: { page: 'one', sort: 'new', size: 20 } });
  // @ts-expect-error a required path parameter left out
  await api.get('/v1/stories/{story_id}', { params: { path: {} } });
  const page = await api.get('/v2/search');
  // @ts-expect-error the answer has no such field
  void page.items;
  const kind: 'story' | 'paper' | 'event' | 'project' | 'link' = page.list[0].type;
  const form = new FormData();
  // @ts-expect-error an upload to a path the document does not have
  await api.upload('/v1/uploads/picture', form);
  const stored = await api.upload('/v1/uploads/image', form);
  const url: string = stored.url;
  // @ts-expect-error the upload's answer has no such field
  void stored.path;
  return [kind, url];
}
