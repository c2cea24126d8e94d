import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../tests/render';
import FeedPage from './FeedPage';

function answerEmpty() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data: { list: [], total: 0, page: 1, size: 20, hasNextPage: false } }))),
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('FeedPage, empty', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an empty filtered list offers 清除筛选, which removes the tags and the time range', async () => {
    answerEmpty();
    renderWithProviders(<FeedPage type="story" />, { route: '/?label=llm,agent&sort=hot&time=week' });
    const list = await screen.findByRole('region', { name: '专栏列表' });
    await within(list).findByText('暂无数据');
    await userEvent.click(within(list).getByRole('button', { name: '清除筛选' }));
    expect(location()).toBe('/');
  });

  it('tags only: clearing keeps the chosen sort', async () => {
    answerEmpty();
    renderWithProviders(<FeedPage type="paper" />, { route: '/papers?label=llm&sort=new' });
    const list = await screen.findByRole('region', { name: '论文列表' });
    await userEvent.click(await within(list).findByRole('button', { name: '清除筛选' }));
    expect(location()).toBe('/papers?sort=new');
  });

  it('an empty list without filters shows 暂无数据 only', async () => {
    answerEmpty();
    renderWithProviders(<FeedPage type="story" />, { route: '/' });
    const list = await screen.findByRole('region', { name: '专栏列表' });
    await within(list).findByText('暂无数据');
    expect(within(list).queryByRole('button', { name: '清除筛选' })).toBeNull();
  });
});
