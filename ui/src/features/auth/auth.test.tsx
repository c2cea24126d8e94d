import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe } from '../../../tests/render';
import LoginCallPage from './LoginCallPage';
import { LOGIN_INFO_KEY } from './authQueries';
import { useLogin } from './useLogin';

afterEach(() => vi.unstubAllGlobals());

function renderCall(search: string, answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(answer.body), { status: answer.status }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/logincall${search}`]}>
        <Routes>
          <Route path="/logincall" element={<LoginCallPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, fetchMock };
}

const OK = { status: 200, body: { code: 0, data: { id: 3, name: '张三' }, msg: '' } };

describe('/logincall', () => {
  it('fetches the login info, keeps it and goes to redirect_url', async () => {
    const { client, fetchMock } = renderCall(`?redirect_url=${encodeURIComponent('/view/5?from=1')}`, OK);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/view/5?from=1'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/users');
    expect(client.getQueryData(LOGIN_INFO_KEY)).toEqual({ id: 3, name: '张三' });
  });

  it.each([
    ['no redirect_url', ''],
    ['another site', `?redirect_url=${encodeURIComponent('https://evil.example/x')}`],
    ['protocol-relative', `?redirect_url=${encodeURIComponent('//evil.example/x')}`],
    ['javascript:', `?redirect_url=${encodeURIComponent('javascript:alert(1)')}`],
    ['backslash host', `?redirect_url=${encodeURIComponent('/\\evil.example')}`],
  ])('%s goes home', async (_name, search) => {
    renderCall(search, OK);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('no user in the answer (the session did not take) stays on the page with a way to sign in again', async () => {
    renderCall('?redirect_url=%2Fpapers', { status: 200, body: { code: 0, data: null, msg: '' } });
    expect(await screen.findByRole('button', { name: '重新登录' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('a failed login info call stays on the page with a way to sign in again', async () => {
    renderCall('?redirect_url=%2Fpapers', { status: 401, body: { code: 401, data: null, msg: '请先登录' } });
    expect(await screen.findByRole('button', { name: '重新登录' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('useLogin', () => {
  function Who({ id }: { id: string }) {
    const { isLogin, loginInfo } = useLogin();
    return <p data-testid={id}>{isLogin === undefined ? '…' : isLogin ? loginInfo?.name : 'signed out'}</p>;
  }

  function renderWho(body: unknown) {
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // two parts of a page ask, as the header and a page do
    render(<QueryClientProvider client={client}><Who id="a" /><Who id="b" /></QueryClientProvider>);
    return fetchMock;
  }

  it('a visitor: the probe answers no user (200, data null), read as signed out, asked once', async () => {
    const fetchMock = renderWho({ code: 0, data: null, msg: '' });
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('signed out'));
    expect(screen.getByTestId('b')).toHaveTextContent('signed out');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a member: the login info', async () => {
    renderWho(OK.body);
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('张三'));
  });
});
