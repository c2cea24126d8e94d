import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginInfo } from '@/api/types';
import { renderWithProviders } from '../../../tests/render';
import { paperInfo } from '../../../tests/factories';
import { PaperVote } from './PaperVote';
import { toggled } from './paperVote';

const ME: LoginInfo = { id: 9, name: '我' };

/** The login probe answers `me`; a vote call answers what `vote` gives (status, data). */
function mockFetch(me: LoginInfo | null, vote: (url: string) => { status?: number; data: unknown }) {
  const fn = vi.fn(async (input: RequestInfo | URL, _init: RequestInit = {}) => {
    const url = String(input);
    if (url.startsWith('/api/v1/users')) return new Response(JSON.stringify({ code: 0, data: me, msg: '' }));
    const r = vote(url);
    const code = r.status && r.status >= 400 ? r.status : 0;
    return new Response(JSON.stringify({ code, data: r.data, msg: code ? '服务暂时不可用，请稍后再试' : '操作成功' }), { status: r.status ?? 200 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('paper upvotes', () => {
  it('one vote each: a click votes, a second takes it back, the count never below 0', () => {
    expect(toggled({ is_voted: false, vote_count: 4 })).toEqual({ is_voted: true, vote_count: 5 });
    expect(toggled({ is_voted: true, vote_count: 0 })).toEqual({ is_voted: false, vote_count: 0 });
  });

  it('a member votes and unvotes; the server answer settles the count', async () => {
    const fetch = mockFetch(ME, (url) => (url.endsWith('/vote') ? { data: { is_voted: true, vote_count: 9 } } : { data: { is_voted: false, vote_count: 8 } }));
    renderWithProviders(<PaperVote paper={paperInfo({ id: 5, vote_count: 7, is_voted: false })} />);
    const button = screen.getByRole('button', { name: '点赞 7' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/v1/users'), expect.anything()));
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: '取消点赞 9' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/v1/papers/5/vote') && init?.method === 'POST')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '取消点赞 9' }));
    expect(await screen.findByRole('button', { name: '点赞 8' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a failed call puts the vote back', async () => {
    const fetch = mockFetch(ME, () => ({ status: 503, data: null }));
    renderWithProviders(<PaperVote paper={paperInfo({ id: 5, vote_count: 2, is_voted: false })} />);
    const button = await screen.findByRole('button', { name: '点赞 2' });
    await waitFor(() => expect(fetch).toHaveBeenCalled()); // the login probe answered: a click votes
    await userEvent.click(button);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/v1/papers/5/vote'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: '点赞 2' })).toHaveAttribute('aria-pressed', 'false'));
  });
});
