import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../tests/render';
import { paperInfo, storyInfo } from '../../../tests/factories';
import UserPage from './UserPage';

const base = { is_event: false, story_id: null, source: {}, story_info: null, event_info: null, paper_info: null, project_info: null, link_info: null };
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, size: 20, hasNextPage: false });

describe('/users/{id}', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the member's stories, their papers on the 论文 tab and their replies on the 评论 tab", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      const answer = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data })));
      if (url.pathname === '/api/v2/papers/userinfo') return answer({ id: 7, name: '李雷', avatar_url: null, arxiv_name: 'Lei Li', paper_count: 1, score: 3, is_expert: false });
      if (url.pathname === '/api/v1/users/7/stories') return answer(page([{ ...base, type: 'story', id: 11, story_id: 11, story_info: storyInfo({ id: 11, title: '我写的文章', title_html: '我写的文章', user_id: 7, user_name: '李雷', author_name: '李雷', is_anonymous: false }) }]));
      if (url.pathname === '/api/v1/users/7/replies') {
        return answer({ page: 1, size: 20, total: 1, replies: [{ id: '5', kind: 'story', item_id: '11', item_title: '我写的文章', excerpt: '补充一点', created_at: '2026-11-27T04:00:00Z', like_count: 2 }] });
      }
      if (url.pathname === '/api/v2/papers/userlist/arxiv_name') return answer(page([{ ...base, type: 'paper', id: 12, paper_info: paperInfo({ id: 12, title: 'A Paper by Lei Li', title_html: 'A Paper by Lei Li' }) }]));
      return answer(null);
    });
    renderWithProviders(<UserPage />, { route: '/users/7', path: '/users/:id' });
    expect(await screen.findByText('我写的文章')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '文章' })).toHaveAttribute('aria-selected', 'true');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/userlist/arxiv_name'))).toBe(false); // papers only when asked
    await userEvent.click(screen.getByRole('tab', { name: '论文' }));
    expect(await screen.findByText('A Paper by Lei Li')).toBeInTheDocument();
    expect(screen.queryByText('我写的文章')).toBeNull();
    // 评论: the member's replies, asked for when opened, each leading to the reply on its page
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/replies'))).toBe(false);
    await userEvent.click(screen.getByRole('tab', { name: '评论' }));
    expect(await screen.findByRole('link', { name: '补充一点' })).toHaveAttribute('href', '/view/11#reply-5');
    expect(screen.getByText('评论了《我写的文章》')).toBeInTheDocument();
  });
});
