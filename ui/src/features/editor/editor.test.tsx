import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import EditorPage from './EditorPage';
import { etaLabel, kindLabel, percentOf, speedLabel, stateLabel } from './jobFormat';

const JOB = {
  id: 7, kind: 'reindex-all', target: null, state: 'running', done: 300, total: 669, percent: 44.8,
  docs_per_second: 150.4, eta_seconds: 2.5, error: null, started_by: '编辑乙 (#102)', cancel_requested: false,
  runs: 1, result: {}, created_at: '2026-11-22T05:00:00Z', started_at: '2026-11-22T05:00:01Z', finished_at: null,
};
const KINDS = [
  { kind: 'reindex-all', label: '重建全部索引', targets: [] },
  { kind: 'reindex-kind', label: '重建一类内容', targets: ['story', 'paper'] },
  { kind: 'drain-outbox', label: '同步待索引内容', targets: [] },
];

const HOSTILE = '<img src=x onerror="alert(1)">抄袭了';
const REPORT = {
  story_id: 44, story_title: '被举报的文章', story_deleted: false, user_id: 9, user_name: '读者甲', type: 3,
  url: 'javascript:alert(1)', remark: HOSTILE, created_at: JOB.created_at,
};
const SOURCE = {
  name: 'stories', label: 'RSS 文章', configured: true, config: {}, interval_seconds: 3600,
  last_run: { source: 'stories', started_at: JOB.created_at, finished_at: JOB.created_at, status: 'error', created: 2, updated: 0 },
  failures: [{ at: JOB.created_at, reason: 'https://feeds.example/a.xml: HTTP 500' }],
};

const ANOMALY = {
  item_type: 'story', item_id: 45, title: '刷出来的文章', views: 3, clicks: 0, networks: 1, accounts: 0,
  top_network_share: 1, new_account_share: 0, heat: 3, discounted: false,
};

const PAIR = {
  id: 5, abbreviation: 'LWN', full_name: '晶格编织网络', documents: 2, status: 'pending', acting: true, in_glossary: false,
  first_seen: JOB.created_at, last_seen: JOB.created_at, decided_by: null, decided_at: null,
};

function stubApi(role: string, calls: string[] = []) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: '' }));
    if (url === '/api/v1/users') return ok({ id: 102, name: '编辑乙', role });
    if (url === '/api/v1/editor/jobs') return ok({ list: [JOB], kinds: KINDS });
    if (url === '/api/v1/editor/rejected') {
      return ok({ list: [{ id: 1, entity_type: 'story', entity_id: 44, doc_id: 'story-44', reason: 'immense term', job_id: 7, created_at: JOB.created_at, retried_at: null }] });
    }
    if (url.startsWith('/api/v1/editor/reports')) {
      return ok({ list: [REPORT], total: 1, page: 1, size: 20, hasNextPage: false });
    }
    if (url === '/api/v1/editor/sources') return ok({ list: [SOURCE] });
    if (url === '/api/v1/editor/heat-anomalies') return ok({ day: '2026-11-26', list: [ANOMALY] });
    if (url === '/api/v1/editor/heat-anomalies/discount') return ok({ discounted: true, queued: true });
    if (url.startsWith('/api/v1/editor/acronyms?')) {
      const status = new URL(url, 'http://hub.test').searchParams.get('status');
      const list = status === 'pending' ? [PAIR] : [];
      return ok({ list, total: status === 'pending' ? 41 : 0, page: 1, per_page: 20, status });
    }
    if (url.startsWith('/api/v1/editor/acronyms/')) return ok({ ...PAIR, status: 'accepted', in_glossary: true });
    if (url.startsWith('/api/v1/editor/')) return ok({ text: '大模型, LLM\n', lines: 1, applies: '保存后下一次搜索即生效' });
    return ok(null);
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('job figures', () => {
  it('words kinds, states, speed and time left', () => {
    const kinds = [...KINDS, { kind: 'source:arxiv', label: '抓取来源：arXiv 论文', targets: [] }];
    expect(kindLabel(kinds, 'reindex-kind', 'paper')).toBe('重建一类内容（论文）');
    expect(kindLabel(kinds, 'source:arxiv')).toBe('抓取来源：arXiv 论文');
    expect(kindLabel(kinds, 'source:gone')).toBe('source:gone');
    expect(kindLabel(kinds, 'reindex-kind', 'link_status')).toBe('重建一类内容（社区动态）'); // never the raw kind name
    expect(stateLabel({ state: 'running', cancel_requested: true })).toBe('正在取消');
    expect(stateLabel({ state: 'done', cancel_requested: false })).toBe('已完成');
    expect(percentOf({ percent: 44.8 })).toBe(45);
    expect(percentOf({ percent: 140 })).toBe(100);
    expect(speedLabel(150.4)).toBe('150 条/秒');
    expect(speedLabel(2.25)).toBe('2.3 条/秒');
    expect(speedLabel(null)).toBe('—');
    expect(etaLabel(75, 'running')).toBe('约 1 分 15 秒');
    expect(etaLabel(7300, 'running')).toBe('约 2 小时 1 分');
    expect(etaLabel(null, 'queued')).toBe('—');
    expect(etaLabel(0, 'done')).toBe('0 秒');
  });
});

describe('editors page', () => {
  it('shows a running job with its progress, the set-aside documents and the word lists', async () => {
    stubApi('editor');
    renderWithProviders(<EditorPage />, { route: '/editor' });
    const bar = await screen.findByRole('progressbar', { name: '重建全部索引 进度' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('300/669')).toBeInTheDocument();
    expect(screen.getByText('150 条/秒')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消' })).toBeEnabled();
    // While a reindex runs, another reindex cannot be started; the drain can.
    expect(screen.getByRole('button', { name: '重建全部索引' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '同步待索引内容' })).toBeEnabled();
    expect(await screen.findByText('immense term')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '同义词表' })).toHaveValue('大模型, LLM\n'));
    expect(screen.getByRole('textbox', { name: '热词屏蔽词' })).toBeInTheDocument();
  });

  it('lists reports with the remark as text and a non-web link unlinked, and the sources with their failures', async () => {
    stubApi('editor');
    const { container } = renderWithProviders(<EditorPage />, { route: '/editor' });
    const reports = await screen.findByRole('list', { name: '举报列表' });
    expect(await within(reports).findByText(HOSTILE)).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(within(reports).getByRole('link', { name: '被举报的文章' })).toHaveAttribute('href', '/view/44');
    expect(within(reports).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(within(reports).getByText('抄袭内容')).toBeInTheDocument();
    const sources = await screen.findByRole('list', { name: '来源列表' });
    expect(within(sources).getByText('https://feeds.example/a.xml: HTTP 500', { exact: false })).toBeInTheDocument();
    expect(within(sources).getByRole('button', { name: '立即抓取' })).toBeEnabled();
  });

  it('立即汇总热度 asks the API for the rollup', async () => {
    const calls: string[] = [];
    stubApi('editor', calls);
    renderWithProviders(<EditorPage />, { route: '/editor' });
    await userEvent.click(await screen.findByRole('button', { name: '立即汇总热度' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/editor/rollup'));
  });

  it('异常热度 lists one-network heat and discounts it for that day', async () => {
    const calls: string[] = [];
    stubApi('editor', calls);
    renderWithProviders(<EditorPage />, { route: '/editor' });
    const list = await screen.findByRole('list', { name: '异常热度列表' });
    expect(within(list).getByRole('link', { name: '刷出来的文章' })).toHaveAttribute('href', '/view/45');
    expect(list).toHaveTextContent('1 个网络（最多的占 100%）');
    await userEvent.click(within(list).getByRole('button', { name: '不计入热度' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/editor/heat-anomalies/discount'));
  });

  it('缩写 lists mined pairs with search links, filters by status, pages and accepts', async () => {
    const calls: string[] = [];
    stubApi('editor', calls);
    renderWithProviders(<EditorPage />, { route: '/editor' });
    const list = await screen.findByRole('list', { name: '缩写列表' });
    expect(within(list).getByRole('link', { name: 'LWN' })).toHaveAttribute('href', '/search?q=LWN');
    expect(within(list).getByRole('link', { name: '晶格编织网络' })).toHaveAttribute('href', `/search?q=${encodeURIComponent('晶格编织网络')}`);
    expect(list).toHaveTextContent('2 篇文档定义');
    expect(screen.getByText('第 1 / 3 页')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(calls).toContain('GET /api/v1/editor/acronyms?status=pending&page=2'));
    await userEvent.click(screen.getByRole('tab', { name: '已拒绝' }));
    expect(await screen.findByText('没有已拒绝的缩写')).toBeInTheDocument();
    expect(calls).toContain('GET /api/v1/editor/acronyms?status=rejected&page=1');
    await userEvent.click(screen.getByRole('tab', { name: '待审核' }));
    await userEvent.click(await screen.findByRole('button', { name: '采纳 LWN' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/editor/acronyms/5/decision'));
  });

  it('a signed-in non-editor gets 没有权限 and the page never calls the editors API', async () => {
    const calls: string[] = [];
    stubApi('user', calls);
    renderWithProviders(<EditorPage />, { route: '/editor' });
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    expect(calls.filter((c) => c.includes('/editor/'))).toEqual([]);
  });
});
