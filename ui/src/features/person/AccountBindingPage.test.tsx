import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import AccountBindingPage from './AccountBindingPage';

function stubApi() {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: '' }));
    if (url === '/api/v1/users') return ok({ id: 4, name: '刘洋', role: 'user' });
    if (url === '/api/v1/users/bindings') {
      return ok({ list: [{ provider: 'Keycloak', email: 'user@aihub.example', bound_at: '2026-11-20T08:00:00Z' }] });
    }
    return ok(null);
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountBindingPage', () => {
  it('lists the bindings the API answers under `list`', async () => {
    stubApi();
    renderWithProviders(<AccountBindingPage />, { route: '/settings/account_binding' });
    expect(await screen.findByText('user@aihub.example')).toBeInTheDocument();
    expect(screen.getByText('统一登录')).toBeInTheDocument();
    expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
  });
});
