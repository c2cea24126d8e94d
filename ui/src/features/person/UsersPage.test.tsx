import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../tests/render';
import UsersPage from './UsersPage';

describe('/users', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a signed-out visitor reads the list and is not sent to sign in', async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v1/users') {
        return Promise.resolve(new Response(JSON.stringify({ code: 401, data: null, msg: '请先登录' }), { status: 401 }));
      }
      const list = [{ id: 4, name: '王五', avatar_url: null, is_expert: true, score: 12 }];
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data: { list, total: 1, page: 1, size: 20, hasNextPage: false } })));
    });
    try {
      renderWithProviders(<UsersPage />, { route: '/users' });
      expect(await screen.findByText('王五')).toBeInTheDocument();
      expect(screen.getByText('专家')).toHaveClass('expert-tag');
      await new Promise((r) => setTimeout(r, 50));
      expect(assign).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
