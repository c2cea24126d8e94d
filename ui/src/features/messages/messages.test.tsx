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

describe('messages about replies', () => {
  it('says who did what, names the item, quotes the reply and leads to it on its page', async () => {
    const base = { story_id: null, story_title: null, reason: null, is_read: false, created_at: '2026-11-27T04:00:00Z', text: '' };
    const replies = [
      { ...base, id: 14, kind: 'reply', actor_name: '小红', item_kind: 'story', item_id: '7', item_title: '新文', reply_id: '41', excerpt: '我同意' },
      { ...base, id: 13, kind: 'comment', actor_name: '小刚', item_kind: 'story', item_id: '7', item_title: '新文', reply_id: '40', excerpt: '好文' },
      { ...base, id: 12, kind: 'mention', actor_name: '小明', item_kind: 'paper', item_id: '5', item_title: 'A paper', reply_id: '39', excerpt: '@读者 看看' },
      { ...base, id: 11, kind: 'reply_deleted', actor_name: null, item_kind: 'paper', item_id: '5', item_title: 'A paper', reply_id: '38', excerpt: '广告', reason: '广告内容', is_read: true },
    ];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: '' }));
      if (url === '/api/v1/users') return ok({ id: 4, name: '读者' });
      if (url.startsWith('/api/v1/messages/is_read')) return ok({ is_read: false, unread_count: 3 });
      if (url.startsWith('/api/v1/messages')) return ok({ list: replies, total: 4, page: 1, size: 20, hasNextPage: false });
      return ok(null);
    }));
    renderWithProviders(<MessagesPage />, { route: '/messages' });
    const items = within(await screen.findByRole('list', { name: '消息列表' })).getAllByRole('listitem');
    const links = items.map((li) => within(li).getByRole('link'));
    expect(links.map((a) => a.textContent)).toEqual(['小红 回复了你的评论', '小刚 评论了你的文章', '小明 在评论中提到了你', '你的评论已被删除，原因：广告内容']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/view/7#reply-41', '/view/7#reply-40', '/paper/5#reply-39', '/paper/5#reply-38']);
    expect(within(items[0]).getByText('我同意')).toBeInTheDocument();
    expect(within(items[2]).getByText('《A paper》')).toBeInTheDocument();
    expect(within(items[0]).getByLabelText('未读')).toBeInTheDocument();
    expect(within(items[3]).queryByLabelText('未读')).toBeNull();
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
