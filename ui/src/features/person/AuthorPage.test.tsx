import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../tests/render';
import { paperInfo } from '../../../tests/factories';
import AuthorPage from './AuthorPage';

const base = { is_event: false, story_id: null, source: {}, story_info: null, event_info: null, paper_info: null, project_info: null, link_info: null };

function answer(person: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const ok = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data })));
    if (url.pathname === '/api/v2/papers/userinfo') {
      expect(JSON.parse(String(init?.body))).toEqual({ arxiv_name: 'Ada Lovelace' });
      return ok(person);
    }
    if (url.pathname === '/api/v2/papers/userlist/arxiv_name') {
      return ok({ list: [{ ...base, type: 'paper', id: 3, paper_info: paperInfo({ id: 3, title: 'Notes on the Engine', title_html: 'Notes on the Engine', authors: ['Ada Lovelace'] }) }], total: 1, page: 1, size: 20, hasNextPage: false });
    }
    return ok(null);
  });
}

describe('/authors/{name}', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the author's papers and links the member bound to the name", async () => {
    answer({ id: 103, name: '作者丙', avatar_url: null, arxiv_name: 'Ada Lovelace', paper_count: 1, score: 0, is_expert: false });
    renderWithProviders(<AuthorPage />, { route: '/authors/Ada%20Lovelace', path: '/authors/:name' });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '作者丙 的社区主页' })).toHaveAttribute('href', '/users/103');
    expect(await screen.findByText('Notes on the Engine')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/authors/Ada%20Lovelace'); // on the card
  });

  it('an author no member has bound is an arXiv author', async () => {
    answer({ id: null, name: 'Ada Lovelace', avatar_url: null, arxiv_name: 'Ada Lovelace', paper_count: 1, score: 0, is_expert: false });
    renderWithProviders(<AuthorPage />, { route: '/authors/Ada%20Lovelace', path: '/authors/:name' });
    expect(await screen.findByText('arXiv 作者')).toBeInTheDocument();
    expect(screen.queryByText(/的社区主页/)).toBeNull();
  });
});
