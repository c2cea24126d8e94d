import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WishLecture } from './WishLecture';

type Reply = { status?: number; body: unknown };

/** fetch answering /v1/users (signed in or not) and the wish calls from `wishes` (paper 5, type 1). */
function serve(signedIn: boolean, wishes: { is_wished: boolean; count: number }) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const reply = (r: Reply) => new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
    if (url.startsWith('/api/v1/users')) {
      return signedIn ? reply({ body: { code: 0, data: { id: 9, name: '我' }, msg: '' } }) : reply({ status: 401, body: { code: 401, data: null, msg: '请先登录' } });
    }
    expect(JSON.parse(String(init.body))).toEqual({ id: 5, type: 1 });
    if (url.endsWith('/start')) {
      wishes.is_wished = true;
      wishes.count += 1;
      return reply({ body: { code: 0, data: { id: 5, type: 1, ...wishes }, msg: '操作成功' } });
    }
    return reply({ body: { code: 0, data: { id: 5, type: 1, ...wishes }, msg: '' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><WishLecture paperId={5} /></QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('想听讲解', () => {
  it('a signed-in reader wishes once: the count grows and the button says 已想听', async () => {
    const fetchMock = serve(true, { is_wished: false, count: 3 });
    show();
    const button = await screen.findByRole('button', { name: '想听讲解，3 人想听' });
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).startsWith('/api/v1/users'))).toBe(true));
    await userEvent.click(button);
    await screen.findByRole('button', { name: '已想听，4 人想听' });
    expect(screen.getByRole('button', { name: /已想听/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: /已想听/ }));
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/start'))).toHaveLength(1);
  });

  it('signed out, the button sends the visitor to sign in and wishes nothing', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = serve(false, { is_wished: false, count: 0 });
    show();
    const button = await screen.findByRole('button', { name: '想听讲解，0 人想听' });
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).startsWith('/api/v1/users'))).toBe(true));
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0][0])).toMatch(/login/);
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/start'))).toHaveLength(0);
  });
});
