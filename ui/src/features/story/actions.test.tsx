import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedPage, LoginInfo, StoryInfo } from '@/api/types';
import { DeviceProvider } from '@/hooks/useDevice';
import { subscribeToasts, type Toast } from '@/lib/toast';
import { storyInfo } from '../../../tests/factories';
import { StoryActions } from './StoryActions';
import { applyToggle, settle } from './storyActions';
import { validateReport, MSG } from './reportRules';

type Handler = (url: string, init: RequestInit) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

const ME: LoginInfo = { id: 9, name: '我' };

function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.startsWith('/api/v1/users')) return new Response(JSON.stringify({ code: 0, data: ME, msg: '' }));
    const r = await handler(url, init);
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

let toasts: Toast[] = [];
let off: () => void = () => {};
beforeEach(() => { off = subscribeToasts((t) => { toasts = t; }); });
afterEach(() => { off(); vi.unstubAllGlobals(); vi.useRealTimers(); });

function setup(over: Partial<StoryInfo>, { phone = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const s = storyInfo({ id: 7, final_score: 3, remark_count: 1, user_id: 9, session_user_id: 9, ...over });
  const page: FeedPage = { list: [{ type: 'story', is_event: false, story_id: s.id, id: s.id, story_info: s } as FeedPage['list'][number]], page: 1, size: 20, total: 1, hasNextPage: false };
  client.setQueryData(['feed'], { pages: [page], pageParams: [1] });
  client.setQueryData(['story', '7'], s);
  function Live() {
    // the page reads the story from the cache, as StoryPage does
    const { data } = useQuery({ queryKey: ['story', '7'], queryFn: () => s, enabled: false, staleTime: Infinity });
    return data ? <StoryActions story={data} /> : <p>gone</p>;
  }
  const utils = render(
    <QueryClientProvider client={client}>
      <DeviceProvider value={phone ? { isPhone: true, isPc: false } : { isPhone: false, isPc: true }}>
        <MemoryRouter><Live /></MemoryRouter>
      </DeviceProvider>
    </QueryClientProvider>,
  );
  const feedStory = () => (client.getQueryData<{ pages: FeedPage[] }>(['feed'])?.pages[0].list[0]?.story_info ?? null);
  return { client, feedStory, ...utils };
}

describe('vote / mark counters', () => {
  it('apply the spec rules and never go below 0', () => {
    expect(applyToggle({ is_voted: false, is_marked: false, final_score: 0 }, 'vote')).toMatchObject({ is_voted: true, final_score: 1 });
    expect(applyToggle({ is_voted: true, is_marked: false, final_score: 0 }, 'unvote')).toMatchObject({ is_voted: false, final_score: 0 });
    expect(applyToggle({ is_voted: false, is_marked: true, remark_count: 0 }, 'unmark')).toMatchObject({ is_marked: false, remark_count: 0 });
    expect(applyToggle({ is_voted: false, is_marked: false, remark_count: 4 }, 'mark')).toMatchObject({ is_marked: true, remark_count: 5 });
    const answer = { is_voted: true, final_score: -2, is_marked: false, remark_count: 1 };
    expect(settle(answer, 'vote')).toEqual({ is_voted: true, final_score: 0 });
    expect(settle(answer, 'mark')).toEqual({ is_marked: false, remark_count: 1 });
  });
});

describe('StoryActions toggles', () => {
  it('vote shows at once (detail and lists), then takes the server answer', async () => {
    let release: (v: { body: unknown }) => void = () => {};
    const fetchMock = mockFetch((url) => {
      expect(url).toBe('/api/v1/stories/7/favourite');
      return new Promise((r) => { release = r; });
    });
    const { feedStory } = setup({});
    const vote = await screen.findByRole('button', { name: /^点赞 \d/ });
    await userEvent.click(vote);
    await waitFor(() => expect(screen.getByTestId('vote-count')).toHaveTextContent('4'));
    expect(feedStory()?.is_voted).toBe(true);
    expect(feedStory()?.final_score).toBe(4);
    await act(async () => release({ body: { code: 0, data: { is_voted: true, final_score: 10, is_marked: false, remark_count: 1 }, msg: '' } }));
    await waitFor(() => expect(screen.getByTestId('vote-count')).toHaveTextContent('10'));
    expect(feedStory()?.final_score).toBe(10);
    // the accessible name says the count, not only the action
    expect(screen.getByRole('button', { name: '取消点赞 10' })).toHaveAttribute('aria-pressed', 'true');
    const init = fetchMock.mock.calls.find((c) => String(c[0]).includes('favourite'))![1] as RequestInit;
    expect(init.method).toBe('POST');
  });

  it('a mark clicked while the vote is still pending goes out at once, and the vote answer leaves it alone', async () => {
    const pending: Record<string, (v: { body: unknown }) => void> = {};
    const fetchMock = mockFetch((url) => new Promise((r) => { pending[url] = r; }));
    setup({});
    await userEvent.click(await screen.findByRole('button', { name: /^点赞 \d/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^收藏 \d/ }));
    await waitFor(() => expect(Object.keys(pending).sort()).toEqual(['/api/v1/stories/7/bookmark', '/api/v1/stories/7/favourite']));
    expect(screen.getByRole('button', { name: /^取消收藏 \d/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('mark-count')).toHaveTextContent('2');
    // the vote committed before the mark: its answer still says not marked
    await act(async () => pending['/api/v1/stories/7/favourite']({ body: { code: 0, data: { is_voted: true, final_score: 4, is_marked: false, remark_count: 1 }, msg: '' } }));
    await waitFor(() => expect(screen.getByTestId('vote-count')).toHaveTextContent('4'));
    expect(screen.getByRole('button', { name: /^取消收藏 \d/ })).toBeInTheDocument();
    expect(screen.getByTestId('mark-count')).toHaveTextContent('2');
    await act(async () => pending['/api/v1/stories/7/bookmark']({ body: { code: 0, data: { is_voted: true, final_score: 4, is_marked: true, remark_count: 2 }, msg: '' } }));
    expect(screen.getByTestId('mark-count')).toHaveTextContent('2');
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).includes('/stories/7/')).length).toBe(2);
  });

  it('a failed unmark rolls back', async () => {
    mockFetch(() => ({ status: 500, body: { code: 500, data: null, msg: '服务器错误' } }));
    const { feedStory } = setup({ is_marked: true, remark_count: 1 });
    await userEvent.click(await screen.findByRole('button', { name: /^取消收藏 \d/ }));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('服务器错误'));
    await waitFor(() => expect(screen.getByTestId('mark-count')).toHaveTextContent('1'));
    expect(screen.getByRole('button', { name: /^取消收藏 \d/ })).toHaveAttribute('aria-pressed', 'true');
    expect(feedStory()?.remark_count).toBe(1);
  });

  it('unvote at 0 stays at 0', async () => {
    mockFetch(() => new Promise(() => {}));
    setup({ is_voted: true, final_score: 0 });
    await userEvent.click(await screen.findByRole('button', { name: /^取消点赞 \d/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^点赞 \d/ })).toBeInTheDocument());
    expect(screen.getByTestId('vote-count')).toHaveTextContent('0');
  });
});

describe('report', () => {
  it('validation messages', () => {
    expect(validateReport({ type: null, url: '', remark: '' }).type).toBe('请选择举报类型');
    expect(validateReport({ type: 3, url: '', remark: '' }).url).toBe('请填写举报链接');
    expect(validateReport({ type: 4, url: '  ', remark: '' }).url).toBe('请填写举报链接');
    expect(validateReport({ type: 4, url: 'ftp://x.y/a', remark: '' }).url).toBe('举报链接格式错误');
    expect(validateReport({ type: 1, url: 'javascript:alert(1)', remark: '' }).url).toBe('举报链接格式错误');
    expect(validateReport({ type: 3, url: 'https://example.com/a?b=1', remark: '' })).toEqual({});
    expect(validateReport({ type: 1, url: '', remark: '' })).toEqual({});
    expect(validateReport({ type: 7, url: '', remark: 'x'.repeat(201) }).remark).toBe(MSG.remarkMax);
  });

  it('the dialog shows each message, counts the remark, sends the report and toasts the answer', async () => {
    const fetchMock = mockFetch((url) => {
      expect(url).toBe('/api/v1/report/up');
      return { body: { code: 0, data: null, msg: '' } };
    });
    const { feedStory } = setup({ user_id: 1, session_user_id: 9 });
    await userEvent.click(await screen.findByRole('button', { name: /举报/ }));
    const dialog = await screen.findByRole('dialog', { name: '举报' });
    expect(dialog).toHaveStyle({ width: '512px' });
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择举报类型')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('抄袭内容'));
    expect(screen.queryByText('请选择举报类型')).toBeNull();
    expect(screen.getByText('请填写举报链接')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/举报链接/), 'www.example.com');
    expect(screen.getByText('举报链接格式错误')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/举报链接/));
    await userEvent.type(screen.getByLabelText(/举报链接/), 'https://example.com/orig');
    expect(screen.queryByText('举报链接格式错误')).toBeNull();
    const remark = screen.getByLabelText('补充说明');
    expect(remark).toHaveAttribute('maxLength', '200');
    fireEvent.change(remark, { target: { value: '抄袭了我的文章' } });
    expect(screen.getByText('7/200')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find((c) => String(c[0]).includes('report/up'))!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({ story_id: 7, type: 3, url: 'https://example.com/orig', remark: '抄袭了我的文章' });
    expect(toasts.map((t) => t.text)).toContain('举报成功');
    expect(feedStory()?.is_reported).toBe(true);
    expect(await screen.findByRole('button', { name: /已举报/ })).toBeInTheDocument();
  });

  it('phones are told to use a PC', async () => {
    mockFetch(() => ({ body: { code: 0, data: null, msg: '' } }));
    setup({ user_id: 1, session_user_id: 9 }, { phone: true });
    await userEvent.click(await screen.findByRole('button', { name: /举报/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts.map((t) => t.text)).toContain('请在PC端进行操作');
  });
});

describe('edit and delete', () => {
  it('edit shows only with can_editor, delete only with can_delete', async () => {
    mockFetch(() => ({ body: { code: 0, data: null, msg: '' } }));
    setup({ can_editor: false, can_delete: false });
    await screen.findByRole('button', { name: /^点赞 \d/ });
    expect(screen.queryByRole('link', { name: /编辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
  });

  it('own story: 确认删除？ then 删除成功, the story leaves the lists', async () => {
    const fetchMock = mockFetch(() => ({ body: { code: 0, data: null, msg: '' } }));
    const { feedStory } = setup({ can_editor: true, can_delete: true });
    expect(await screen.findByRole('link', { name: /编辑/ })).toHaveAttribute('href', '/update/7');
    await userEvent.click(screen.getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('确认删除？')).toBeInTheDocument();
    expect(screen.queryByLabelText(/删除理由/)).toBeNull();
    const dialog = screen.getByRole('dialog');
    const confirm = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === '删除')!;
    await userEvent.click(confirm);
    await userEvent.click(confirm); // debounced: one request
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('删除成功'), { timeout: 2000 });
    const calls = fetchMock.mock.calls.filter((c) => String(c[0]).includes('story/del'));
    expect(calls).toHaveLength(1);
    expect(JSON.parse((calls[0][1] as RequestInit).body as string)).toEqual({ story_id: 7 });
    expect(feedStory()).toBeNull();
  });

  it("someone else's story (moderator): 请填写删除理由 until a reason is typed; the reason is sent", async () => {
    const fetchMock = mockFetch(() => ({ body: { code: 0, data: null, msg: '已删除' } }));
    setup({ user_id: 1, session_user_id: 9, can_delete: true });
    await userEvent.click(await screen.findByRole('button', { name: /删除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.queryByText('确认删除？')).toBeNull();
    const confirm = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === '删除')!;
    await userEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('请填写删除理由');
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).includes('story/del'))).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/删除理由/), '违反社区规范');
    await userEvent.click(confirm);
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('已删除'), { timeout: 2000 });
    const call = fetchMock.mock.calls.find((c) => String(c[0]).includes('story/del'))!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({ story_id: 7, reason: '违反社区规范' });
  });
});
