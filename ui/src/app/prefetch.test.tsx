import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from './App';
import { prefetchFirstList } from './prefetch';

const FeedPage = lazy(() => import('@/features/feed/FeedPage'));
const SearchPage = lazy(() => import('@/features/search/SearchPage'));

const story = { id: 7, title: '预取的文章', title_html: '预取的文章', summary: '', cover_url: null, created_at: '2026-01-01T00:00:00Z', user_id: 1, user_name: 'a', user_avatar: null, tag_names: [], final_score: 0, remark_count: 0, view_count: 0 };
const item = { type: 'story', id: 7, is_event: false, story_id: 7, source: {}, story_info: story, event_info: null, paper_info: null, project_info: null, highlight: {} };

/** Answers every call; records each one as `METHOD path?query body`. */
function answer() {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search} ${init?.body ?? ''}`.trim());
    let data: unknown = { list: [item], total: 1, page: 1, size: 20, hasNextPage: false };
    if (url.pathname.endsWith('/v2/total')) data = { all: 1, story: 1, paper: 0, event: 0, project: 0 };
    if (url.pathname.endsWith('/hotwords')) data = [];
    return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data })));
  });
  return calls;
}

describe('the first list request starts before the page renders', () => {
  afterEach(() => vi.restoreAllMocks());

  it('home with filters: one feed request, sent before render and reused by the page', async () => {
    const calls = answer();
    const client = createQueryClient();
    prefetchFirstList(client, { pathname: '/papers/', search: '?sort=hot&time=week&label=llm' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^POST \/api\/v3\/paper\/list /);
    expect(JSON.parse(calls[0].split(' ').slice(2).join(' '))).toEqual({ page: 1, label: ['llm'], time: 'week', sort: 'hot', size: 20 });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/papers?sort=hot&time=week&label=llm']}>
          <Suspense fallback={null}><FeedPage type="paper" /></Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('region', { name: '论文列表' });
    await within(list).findByText('预取的文章');
    expect(calls.filter((c) => c.includes('/v3/paper/list'))).toHaveLength(1);
  });

  it('search: the results and the counts, each once', async () => {
    const calls = answer();
    const client = createQueryClient();
    prefetchFirstList(client, { pathname: '/search', search: '?q=%20%E5%A4%A7%E6%A8%A1%E5%9E%8B%20&model=story' });
    expect(calls.map((c) => c.split('?')[0])).toEqual(['GET /api/v2/search', 'GET /api/v2/total']);
    expect(new URLSearchParams(calls[0].split('?')[1]).get('q')).toBe('大模型');
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/search?q=%20%E5%A4%A7%E6%A8%A1%E5%9E%8B%20&model=story']}>
          <Suspense fallback={null}><SearchPage /></Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('共 1 条');
    expect(calls.filter((c) => c.startsWith('GET /api/v2/search?'))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('GET /api/v2/total'))).toHaveLength(1);
  });

  it('pages without a list start nothing', () => {
    const calls = answer();
    expect(prefetchFirstList(createQueryClient(), { pathname: '/view/1', search: '' })).toEqual([]);
    expect(calls).toEqual([]);
  });
});
