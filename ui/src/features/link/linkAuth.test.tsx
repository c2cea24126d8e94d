import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/Toaster/Toaster';
import { authorizeLink } from './linkApi';
import { LinkAuthReturn } from './LinkAuthReturn';
import { LINK_TOKEN_KEY } from './linkToken';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function returnTo(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <LinkAuthReturn />
      <Where />
      <Toaster />
    </MemoryRouter>,
  );
}

describe('authorizing at a remote link server', () => {
  const original = window.location;
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('sends the browser to the consent page, telling the hub where to come back to', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, pathname: '/shareToLink', search: '?type=paper&id=3', assign } });
    const fetchMock = vi.fn(async () => json({ code: 0, data: { access_token: null, authorize_url: 'https://social.example/oauth/authorize?client_id=c&state=s', base_url: 'https://social.example' }, msg: '' }));
    vi.stubGlobal('fetch', fetchMock);
    const pending = authorizeLink();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://social.example/oauth/authorize?client_id=c&state=s'));
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(new URL(url, 'http://x').searchParams.get('next')).toBe('/shareToLink?type=paper&id=3');
    expect(window.localStorage.getItem(LINK_TOKEN_KEY)).toBeNull();
    void pending;
  });

  it('on return picks the token up once, stores it under the local key and drops the marker', async () => {
    const fetchMock = vi.fn(async () => json({ code: 0, data: { access_token: 'remote-token', token_type: 'Bearer', scope: 'read write', base_url: 'https://social.example' }, msg: '' }));
    vi.stubGlobal('fetch', fetchMock);
    returnTo('/link?status=9&link_auth=1');
    await waitFor(() => expect(window.localStorage.getItem(LINK_TOKEN_KEY)).toBe('remote-token'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/v3/link/authorize/result');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/link\?status=9$/);
    expect(await screen.findByText('社区动态授权成功')).toBeInTheDocument();
  });

  it('says why when the authorization failed (consent denied)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ code: 400, data: null, msg: '你拒绝了社区动态的授权' }, 400)));
    returnTo('/link?link_auth=1');
    expect(await screen.findByText('你拒绝了社区动态的授权')).toBeInTheDocument();
    expect(window.localStorage.getItem(LINK_TOKEN_KEY)).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/link$/);
  });

  it('does nothing without the marker', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    returnTo('/link');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
