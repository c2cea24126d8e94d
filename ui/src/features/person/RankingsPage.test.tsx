import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../tests/render';
import RankingsPage from './RankingsPage';

const row = { rank: 1, id: 7, name: '李雷', avatar_url: null, score: 98765, is_expert: true, arxiv_name: 'Lei Li', activity_count: 1 };

function answer(list: unknown[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data: { list, total: list.length, page: 1, size: 20, hasNextPage: false } }))),
  );
}

describe('RankingsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it("the global tab shows today's rolled-up heat and the score", async () => {
    answer([{ ...row, heat: 1234, hub_heat: null, story_count: null }]);
    renderWithProviders(<RankingsPage />, { route: '/rankings' });
    const item = await screen.findByRole('listitem');
    expect(within(item).getByTitle('今日热度')).toHaveTextContent('1.23k');
    expect(within(item).getByTitle('积分')).toHaveTextContent('9.87w 分');
  });

  it("the hub tab shows the hub fields, not the global score", async () => {
    const fetchMock = answer([{ ...row, hub_heat: 321.5, story_count: 4 }]);
    renderWithProviders(<RankingsPage />, { route: '/rankings?tab=hub' });
    const item = await screen.findByRole('listitem');
    expect(String(fetchMock.mock.calls[0][0])).toContain('tab=hub');
    expect(within(item).getByTitle('文章热度')).toHaveTextContent('321');
    expect(within(item).getByText('4 篇')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('9.87w');
  });
});
