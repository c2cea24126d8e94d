import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import MessagesPage from './MessagesPage';

const MESSAGES = [
  { id: 3, kind: 'deleted', text: '你的文章《旧文》已被管理员删除，理由：广告', story_id: 9, story_title: '旧文', reason: '广告', created_at: '2026-11-22T05:00:00Z', is_read: false },
  { id: 2, kind: 'voted', text: '你的文章《新文》收到了一个赞', story_id: 7, story_title: '新文', created_at: '2026-11-22T04:00:00Z', is_read: false },
  { id: 1, kind: 'marked', text: '你的文章《新文》被收藏了', story_id: 7, story_title: '新文', created_at: '2026-11-21T04:00:00Z', is_read: true },
];

function serve(pages = 1) {
  const state = { unread: 2 };
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: '' }));
    if (url === '/api/v1/users') return ok({ id: 4, name: '读者' });
    if (url.startsWith('/api/v1/messages/is_read')) return ok({ is_read: state.unread === 0, unread_count: state.unread });
    if (url === '/api/v1/messages/read') {
      state.unread = 0;
      return ok({ is_read: true, unread_count: 0 });
    }
    if (url.startsWith('/api/v1/messages')) {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      // With `pages` > 1 every page holds the same three messages under ids of their own.
      const list = MESSAGES.map((m) => ({ ...m, id: m.id + (page - 1) * 10, is_read: state.unread === 0 || m.is_read }));
      return ok({ list, total: 3 * pages, page, size: 20, hasNextPage: page < pages });
    }
    return ok(null);
  }));
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('messages page', () => {
  it('lists what happened to my stories, unread first marked, and 全部标为已读 clears them', async () => {
    const calls = serve();
    renderWithProviders(<MessagesPage />, { route: '/messages' });
    const list = await screen.findByRole('list', { name: '消息列表' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-kind'))).toEqual(['deleted', 'voted', 'marked']);
    expect(within(list).getAllByLabelText('未读')).toHaveLength(2);
    // a deleted story is not linked; a voted one links to the story
    expect(within(items[0]).queryByRole('link')).toBeNull();
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/view/7');
    const markAll = screen.getByRole('button', { name: '全部标为已读' });
    await waitFor(() => expect(markAll).toBeEnabled());
    await userEvent.click(markAll);
    await waitFor(() => expect(within(screen.getByRole('list', { name: '消息列表' })).queryAllByLabelText('未读')).toHaveLength(0));
    expect(calls).toContain('POST /api/v1/messages/read');
    expect(screen.getByRole('button', { name: '全部标为已读' })).toBeDisabled();
  });
});

describe('messages page: 加载更多', () => {
  it('loads the next page on request and disappears after the last', async () => {
    const calls = serve(2);
    renderWithProviders(<MessagesPage />, { route: '/messages' });
    const list = await screen.findByRole('list', { name: '消息列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
    expect(calls.filter((c) => c.startsWith('GET /api/v1/messages?'))).toEqual(['GET /api/v1/messages?page=1&size=20', 'GET /api/v1/messages?page=2&size=20']);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });
});
