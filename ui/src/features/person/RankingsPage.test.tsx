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

  it("the global tab shows the rolled-up heat (热度) and the score (积分) of today by default", async () => {
    const fetchMock = answer([{ ...row, heat: 1234, hub_heat: null, story_count: null }]);
    renderWithProviders(<RankingsPage />, { route: '/rankings' });
    const item = await screen.findByRole('listitem');
    expect(String(fetchMock.mock.calls[0][0])).toContain('time=day');
    expect(within(item).getByTitle('热度')).toHaveTextContent('1.23k');
    expect(within(item).getByTitle('积分')).toHaveTextContent('9.87w 积分');
    expect(screen.getByRole('button', { name: '今天' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(item).getByText('专家')).toHaveClass('expert-tag');
  });

  it('the time range asks the API for that window', async () => {
    const fetchMock = answer([{ ...row, heat: 50, hub_heat: null, story_count: null }]);
    renderWithProviders(<RankingsPage />, { route: '/rankings?time=month' });
    await screen.findByRole('listitem');
    expect(String(fetchMock.mock.calls[0][0])).toContain('time=month');
    expect(screen.getByRole('button', { name: '本月' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("the hub tab shows the hub fields, not the global score", async () => {
    const fetchMock = answer([{ ...row, hub_heat: 321.5, story_count: 4 }]);
    renderWithProviders(<RankingsPage />, { route: '/rankings?tab=hub' });
    const item = await screen.findByRole('listitem');
    expect(String(fetchMock.mock.calls[0][0])).toContain('tab=hub');
    expect(within(item).getByTitle('热度')).toHaveTextContent('321');
    expect(within(item).getByText('4 篇')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('9.87w');
  });
});
