import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../tests/render';
import { storyInfo } from '../../../tests/factories';
import StoryPage from './StoryPage';

/** Answers the story and, for every other call (similar stories, login state), an empty success. */
function answer(story: ReturnType<typeof storyInfo>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    const data = url.pathname.endsWith('/v1/stories/7') ? { ...story, content: '<p>正文</p>' } : { list: [], total: 0, page: 1, size: 20, hasNextPage: false };
    return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data })));
  });
}

describe('StoryPage author line', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an expert author gets the same 专家 mark as the rankings and user pages', async () => {
    answer(storyInfo({ id: 7, title: '专家写的', is_anonymous: false, user_id: 3, author_name: '韩梅梅', is_expert: true }));
    renderWithProviders(<StoryPage />, { route: '/view/7', path: '/view/:id' });
    const author = await screen.findByRole('link', { name: '韩梅梅' });
    expect(author.parentElement?.querySelector('.expert-tag')).toHaveTextContent('专家');
  });

  it('an anonymous story shows no mark, whatever the flag', async () => {
    answer(storyInfo({ id: 7, title: '匿名', is_anonymous: true, author_name: '匿名', is_expert: true }));
    renderWithProviders(<StoryPage />, { route: '/view/7', path: '/view/:id' });
    await screen.findByRole('heading', { name: '匿名' });
    expect(document.querySelector('.expert-tag')).toBeNull();
  });
});
