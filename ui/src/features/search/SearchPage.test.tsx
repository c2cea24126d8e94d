import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
