import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeToasts, type Toast } from '@/lib/toast';
import { renderWithProviders } from '../../../tests/render';
import { DiscussionSection } from './DiscussionSection';
import type { Reply } from '@/api/types';
import { toggledLike } from './replyActions';

const reply = (over: Partial<Reply> & { id: string }): Reply => ({
  author: { id: 7, name: '小明', avatar_url: null }, text: '文字', html: '文字', created_at: '2026-11-27T04:00:00Z',
  like_count: 0, liked: false, reported: false, mine: false, can_delete: false, deleted: false, reply_to: null, quote: null,
  children: [], children_count: 0, ...over,
});

const THREAD = [
  reply({
    id: '1', html: '第一条 <a href="https://example.org">链接</a>', like_count: 3, children_count: 5,
    children: [
      reply({ id: '2', author: { id: 8, name: '小红', avatar_url: null }, html: '回复楼主', reply_to: { id: '1', author_name: '小明' } }),
      reply({ id: '3', author: { id: 9, name: '小刚', avatar_url: null }, html: '回复小红', reply_to: { id: '2', author_name: '小红' } }),
    ],
  }),
  reply({ id: '4', deleted: true, author: null, html: '', text: '', children_count: 1, children: [reply({ id: '5', html: '墓碑下的回复' })] }),
  reply({ id: '6', html: '引用了一条', quote: { id: '1', author_name: '小明', excerpt: '第一条', deleted: false }, mine: true, can_delete: true }),
];

interface Answer { status?: number; data: unknown; msg?: string }

/** The API as these tests need it: the session probe, the thread, the children, and `write` for the rest. */
function serve({ me = { id: 9, name: '我' } as object | null, replies = THREAD, write = (_url: string, _body: unknown): Answer => ({ data: null }) } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const envelope = (a: Answer) => new Response(JSON.stringify({ code: a.status && a.status >= 400 ? a.status : 0, data: a.data, msg: a.msg ?? '' }), { status: a.status ?? 200 });
    if (url === '/api/v1/users') return envelope({ data: me });
    if (method === 'GET' && url.startsWith('/api/v1/discussions/')) {
      return envelope({ data: { kind: 'story', item_id: '12', post_id: null, count: 8, page: 1, size: 10, total_top: replies.length, replies } });
    }
    if (method === 'GET' && url.startsWith('/api/v1/replies/1/children')) {
      const all = [...THREAD[0].children, reply({ id: '10', html: '第三条回复' }), reply({ id: '11', html: '第四条回复' }), reply({ id: '12', html: '第五条回复' })];
      return envelope({ data: { page: 1, size: 10, total: 5, replies: all } });
    }
    return envelope(write(url, body));
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

let toasts: Toast[] = [];
let off: () => void;
beforeEach(() => { off = subscribeToasts((t) => { toasts = t; }); });
afterEach(() => {
  off();
  vi.unstubAllGlobals();
});

const show = () => renderWithProviders(<DiscussionSection kind="story" itemId="12" />, { route: '/view/12' });

describe('the discussion thread', () => {
  it('shows 评论 N, top-level replies with their children flat, 回复 @name only for a reply to a child, and tombstones', async () => {
    const calls = serve();
    show();
    const list = await screen.findByRole('list', { name: '评论列表' });
    expect(screen.getByRole('heading', { name: '评论 8' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/v1/discussions/'))?.url).toBe('/api/v1/discussions/story/12?order=new&page=1&size=10');
    const blocks = within(list).getAllByRole('listitem');
    expect(blocks).toHaveLength(3);
    // the server's html as it is, the author linked to their page
    expect(within(blocks[0]).getByRole('link', { name: '链接' })).toHaveAttribute('href', 'https://example.org');
    expect(within(blocks[0]).getAllByRole('link', { name: '小明' })[0]).toHaveAttribute('href', '/users/7');
    const [, second, third] = blocks[0].querySelectorAll('.reply');
    expect(second).not.toHaveTextContent('回复 @');
    expect(third).toHaveTextContent('回复 @小红');
    // a deleted reply keeps its place over its children, without actions
    expect(within(blocks[1]).getByText('该评论已删除')).toBeInTheDocument();
    expect(within(blocks[1]).getByText('墓碑下的回复')).toBeInTheDocument();
    expect(within(blocks[1]).getAllByRole('button', { name: /回复/ })).toHaveLength(1);
    // a quote shows its author and excerpt; 删除 only where the server allows it, 举报 not on one's own
    expect(within(blocks[2]).getByText('第一条', { selector: 'blockquote, blockquote *' })).toBeInTheDocument();
    expect(within(blocks[2]).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(within(blocks[2]).queryByRole('button', { name: '举报' })).toBeNull();
    expect(within(blocks[0]).queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('查看全部 N 条回复 asks for every child of the reply', async () => {
    const calls = serve();
    show();
    await userEvent.click(await screen.findByRole('button', { name: '查看全部 5 条回复' }));
    expect(await screen.findByText('第五条回复')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/replies/1/children?page=1&size=10')).toBe(true);
    expect(screen.queryByRole('button', { name: /查看全部/ })).toBeNull();
    // the two already shown are not shown twice
    expect(screen.getAllByText('回复楼主')).toHaveLength(1);
  });

  it('最热 asks for the hottest first', async () => {
    const calls = serve();
    show();
    await screen.findByRole('list', { name: '评论列表' });
    await userEvent.click(screen.getByRole('button', { name: '最热' }));
    expect(screen.getByRole('button', { name: '最热' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/discussions/story/12?order=hot&page=1&size=10')).toBe(true));
  });

  it('#reply-{id} of a child beyond the first three opens its reply\'s children and marks it', async () => {
    const calls = serve();
    renderWithProviders(<DiscussionSection kind="story" itemId="12" />, { route: '/view/12#reply-12' });
    const target = await screen.findByText('第五条回复');
    expect(target.closest('.reply')).toHaveClass('reply--target');
    expect(calls.some((c) => c.url.startsWith('/api/v1/replies/1/children'))).toBe(true);
    // only the reply with hidden children asked for them
    expect(calls.filter((c) => c.url.includes('/children'))).toHaveLength(1);
  });

  it('an empty thread invites the first reply; a visitor is offered the sign-in instead of the composer', async () => {
    serve({ me: null, replies: [] });
    show();
    expect(await screen.findByText('还没有评论，来发表第一条吧')).toBeInTheDocument();
    expect(await screen.findByText('登录后参与评论')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '发表评论' })).toBeNull();
  });

  it('counts the text n/1000 and says the server\'s words for empty and too long text, sending nothing', async () => {
    const calls = serve();
    show();
    const box = await screen.findByRole('textbox', { name: '评论内容' });
    await userEvent.click(screen.getByRole('button', { name: '发表评论' }));
    expect(screen.getByRole('alert')).toHaveTextContent('评论内容不能为空');
    await userEvent.type(box, '你好😀');
    expect(screen.getByText('3/1000')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(box, { target: { value: '长'.repeat(1001) } });
    expect(screen.getByText('1001/1000')).toHaveClass('field__counter--over');
    await userEvent.click(screen.getByRole('button', { name: '发表评论' }));
    expect(screen.getByRole('alert')).toHaveTextContent('评论内容不能超过1000个字符');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a reply to a child names it, is sent with reply_to_id and shows under the top-level reply', async () => {
    const calls = serve({
      write: (url, body) => (url === '/api/v1/discussions/story/12'
        ? { data: reply({ id: '20', author: { id: 9, name: '我', avatar_url: null }, html: (body as { text: string }).text, reply_to: { id: '3', author_name: '小刚' }, mine: true, can_delete: true }), msg: '评论成功' }
        : { data: null }),
    });
    show();
    const list = await screen.findByRole('list', { name: '评论列表' });
    const child = list.querySelector('#reply-3') as HTMLElement;
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/users')).toBe(true));
    await userEvent.click(within(child).getByRole('button', { name: '回复' }));
    const box = await screen.findByRole('textbox', { name: '回复 @小刚' });
    await userEvent.type(box, '同意');
    await userEvent.click(within(screen.getByRole('form', { name: '回复评论' })).getByRole('button', { name: '回复' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: '同意', reply_to_id: '3' });
    const posted = await screen.findByText('同意', { selector: '.reply__body' });
    expect(posted.closest('.reply-block')).toBe(list.querySelector('#reply-1')?.closest('.reply-block'));
    expect(posted.closest('.reply')).toHaveTextContent('回复 @小刚');
    expect(screen.getByRole('heading', { name: '评论 9' })).toBeInTheDocument();
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('评论成功'));
  });

  it('引用 puts the reply above the composer and sends quote_id', async () => {
    const calls = serve({ write: () => ({ data: reply({ id: '21', html: '引用回复', quote: { id: '2', author_name: '小红', excerpt: '回复楼主', deleted: false } }) }) });
    show();
    const list = await screen.findByRole('list', { name: '评论列表' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/users')).toBe(true));
    await userEvent.click(within(list.querySelector('#reply-2') as HTMLElement).getByRole('button', { name: '引用' }));
    const form = screen.getByRole('form', { name: '发表评论' });
    expect(within(form).getByText('小红：')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox'), '说得对');
    await userEvent.click(within(form).getByRole('button', { name: '发表评论' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: '说得对', quote_id: '2' }));
    // the new reply tops the thread with its quote; the composer is empty again
    expect(await screen.findByText('引用回复')).toBeInTheDocument();
    expect(within(form).queryByText('小红：')).toBeNull();
  });

  it('a like shows at once and is put back when the call fails', async () => {
    expect(toggledLike({ liked: true, like_count: 0 })).toEqual({ liked: false, like_count: 0 });
    let release: (a: Answer) => void = () => {};
    const calls = serve({ write: () => ({ status: 503, data: null, msg: '服务暂时不可用' }) });
    show();
    const like = await screen.findByRole('button', { name: '赞 3' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/users')).toBe(true));
    // hold the like's answer to see the optimistic count
    vi.stubGlobal('fetch', vi.fn(async () => new Promise<Response>((resolve) => {
      release = (a) => resolve(new Response(JSON.stringify({ code: a.status, data: a.data, msg: a.msg }), { status: a.status }));
    })));
    await userEvent.click(like);
    expect(await screen.findByRole('button', { name: '取消赞 4' })).toHaveAttribute('aria-pressed', 'true');
    release({ status: 503, data: null, msg: '服务暂时不可用' });
    expect(await screen.findByRole('button', { name: '赞 3' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('服务暂时不可用'));
  });

  it('a like the server takes is settled by its count', async () => {
    const calls = serve({ write: (url) => (url.endsWith('/like') ? { data: { id: '1', like_count: 10, liked: true } } : { data: null }) });
    show();
    const like = await screen.findByRole('button', { name: '赞 3' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/users')).toBe(true));
    await userEvent.click(like);
    expect(await screen.findByRole('button', { name: '取消赞 10' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/replies/1/like')).toBe(true);
  });

  it('已举报 shows the viewer\'s report and takes it back; a report through the dialog shows it at once', async () => {
    const thread = [reply({ id: '40', html: '被我举报过', reported: true }), reply({ id: '41', html: '还没举报' })];
    const calls = serve({
      replies: thread,
      write: (url) => (url.endsWith('/unreport')
        ? { data: { id: '40', reported: false }, msg: '取消举报成功' }
        : { data: { id: '41', reported: true }, msg: '举报成功' }),
    });
    show();
    const list = await screen.findByRole('list', { name: '评论列表' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/users')).toBe(true));
    const reported = within(list.querySelector('#reply-40') as HTMLElement).getByRole('button', { name: '已举报' });
    expect(reported).toHaveAttribute('aria-pressed', 'true');
    expect(reported).toHaveAttribute('title', '取消举报');
    await userEvent.click(reported);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/v1/replies/40/unreport'));
    expect(await within(list.querySelector('#reply-40') as HTMLElement).findByRole('button', { name: '举报' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('取消举报成功'));
    // no dialog for taking it back; 举报 opens it, and its answer shows 已举报
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(list.querySelector('#reply-41') as HTMLElement).getByRole('button', { name: '举报' }));
    const dialog = await screen.findByRole('dialog', { name: '举报' });
    await userEvent.click(within(dialog).getAllByRole('radio')[0]);
    await userEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toContain('/api/v1/replies/41/report'));
    expect(await within(list.querySelector('#reply-41') as HTMLElement).findByRole('button', { name: '已举报' })).toBeInTheDocument();
  });

  it('an editor deleting another\'s reply must give a reason, which is sent', async () => {
    const editorThread = [reply({ id: '30', html: '广告内容', can_delete: true })];
    const calls = serve({ replies: editorThread, write: () => ({ data: { id: '30', deleted: true }, msg: '删除成功' }) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除他人评论' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请填写删除原因');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox'), '广告');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/v1/replies/30/delete', body: { reason: '广告' } }));
    expect(await screen.findByText('还没有评论，来发表第一条吧')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '评论 7' })).toBeInTheDocument();
  });
});
