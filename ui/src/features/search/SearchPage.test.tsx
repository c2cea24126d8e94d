import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { linkInfo, projectInfo, storyInfo } from '../../../tests/factories';
import { renderWithProviders } from '../../../tests/render';
import SearchPage from './SearchPage';

const HOTWORDS = ['AI日报', 'Sora', '大模型'];

/** Answers the API as the search page calls it: nothing found, `did_you_mean` as given. */
function answer(didYouMean: string | null) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    let data: unknown;
    if (url.pathname.endsWith('/v2/search/hotwords')) data = HOTWORDS.map((content) => ({ source: { content } }));
    else if (url.pathname.endsWith('/v2/total')) data = { all: 0, story: 0, paper: 0, event: 0, project: 0 };
    else if (url.pathname.endsWith('/v2/search')) data = { list: [], total: 0, page: 1, size: 20, hasNextPage: false, did_you_mean: didYouMean };
    return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data })));
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('SearchPage with nothing found', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the engine\'s "did you mean", the hot words and 清除筛选 under 暂无数据', async () => {
    answer('大模型');
    renderWithProviders(<SearchPage />, { route: '/search?q=大魔型&label=llm,agent&sort=hot&time=week' });
    const list = await screen.findByRole('region', { name: '搜索结果' });
    await within(list).findByText('暂无数据');
    expect(within(list).getByText(/你是不是要找/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: '大模型' })).toHaveAttribute('href', `/search?q=${encodeURIComponent('大模型')}`);
    const hot = await within(list).findByRole('navigation', { name: '热门搜索' });
    expect(within(hot).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(
      HOTWORDS.map((w) => `/search?q=${encodeURIComponent(w)}`),
    );
    await userEvent.click(within(list).getByRole('button', { name: '清除筛选' }));
    // tags and the time range are gone; the query stays
    const params = new URLSearchParams(location().split('?')[1]);
    expect(params.get('q')).toBe('大魔型');
    expect(params.get('label')).toBeNull();
    expect(params.get('time')).toBeNull();
    expect(params.get('sort')).toBeNull();
  });

  it('without a suggestion or filters: only the hot words (not the query itself)', async () => {
    answer(null);
    renderWithProviders(<SearchPage />, { route: '/search?q=Sora' });
    const list = await screen.findByRole('region', { name: '搜索结果' });
    const hot = await within(list).findByRole('navigation', { name: '热门搜索' });
    expect(within(hot).getAllByRole('link').map((a) => a.textContent)).toEqual(['AI日报', '大模型']);
    expect(within(list).queryByText(/你是不是要找/)).toBeNull();
    expect(within(list).queryByRole('button', { name: '清除筛选' })).toBeNull();
  });
});

describe('SearchPage 全部 tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a link status, a story and a project that share id 5: each kind keys its own items', async () => {
    const base = { is_event: false, story_id: null, source: {}, story_info: null, event_info: null, paper_info: null, project_info: null, link_info: null };
    const list = [
      { ...base, type: 'story', id: 5, story_id: 5, story_info: storyInfo({ id: 5, title: '文章五', title_html: '文章五' }) },
      { ...base, type: 'link', id: 5, link_info: linkInfo({ id: 5, title_html: '动态五', content: '动态五' }) },
      { ...base, type: 'project', id: 5, project_info: projectInfo({ id: 5, repo: 'o/five', title_html: '项目五' }) },
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      let data: unknown = [];
      if (url.pathname.endsWith('/v2/total')) data = { all: 3, story: 1, paper: 0, event: 0, project: 1, link: 1 };
      else if (url.pathname.endsWith('/v2/search')) data = { list, total: 3, page: 1, size: 20, hasNextPage: false, did_you_mean: null };
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data })));
    });
    renderWithProviders(<SearchPage />, { route: '/search?q=五' });
    const results = await screen.findByRole('region', { name: '搜索结果' });
    await within(results).findByText('文章五');
    const cards = within(results).getAllByRole('article');
    expect(cards.map((c) => c.querySelector('.card-kind')?.textContent)).toEqual(['文章', '动态', '项目']);
    expect(within(results).getByText('动态五', { selector: 'a' })).toBeInTheDocument();
    expect(within(results).getByText('项目五')).toBeInTheDocument();
  });
});

describe('SearchPage count line and operator help', () => {
  afterEach(() => vi.restoreAllMocks());

  function answerWith(page: Record<string, unknown>) {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      let data: unknown = [];
      if (url.pathname.endsWith('/v2/total')) data = { all: 1234, story: 1000, paper: 234, event: 0, project: 0, link: 0 };
      else if (url.pathname.endsWith('/v2/search')) data = { list: [], total: 0, page: 1, size: 20, hasNextPage: false, did_you_mean: null, ...page };
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data })));
    });
  }

  it('says how many were found in the tab and how long the search took', async () => {
    answerWith({ query_help: [], took: 0.1234 });
    renderWithProviders(<SearchPage />, { route: '/search?q=扩散&model=paper' });
    expect(await screen.findByText('找到 234 条结果，用时 0.12 秒')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '搜索语法提示' })).toBeNull();
  });

  it('shows what of the operators could not be read beside the syntax, not an error', async () => {
    answerWith({ query_help: ['“type:视频”不是内容类型'], took: 0 });
    renderWithProviders(<SearchPage />, { route: '/search?q=type:视频 扩散' });
    const help = await screen.findByRole('region', { name: '搜索语法提示' });
    expect(within(help).getByText('“type:视频”不是内容类型')).toBeInTheDocument();
    expect(within(help).getByText('author:王磊')).toBeInTheDocument();
    expect(await screen.findByText('找到 1.23k 条结果，用时 0.01 秒')).toBeInTheDocument();
  });
});
