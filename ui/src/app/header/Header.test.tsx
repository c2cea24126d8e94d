import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { Header } from './Header';
import { CSRF_COOKIE } from '@/lib/request';

function stubApi(users: { status: number; body: unknown }, unread = 0) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/v1/users') return new Response(JSON.stringify(users.body), { status: users.status });
    if (String(input).startsWith('/api/v1/messages/is_read')) {
      return new Response(JSON.stringify({ code: 0, data: { is_read: unread === 0, unread_count: unread }, msg: '' }));
    }
    return new Response(JSON.stringify({ code: 0, data: [], msg: '' }));
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('header user area', () => {
  it('signed in with unread messages: a dot on the avatar and the count beside 消息', async () => {
    stubApi({ status: 200, body: { code: 0, data: { id: 3, name: '张三' }, msg: '' } }, 3);
    renderWithProviders(<Header />);
    expect(await screen.findByLabelText('3 条未读消息')).toBeInTheDocument();
    await userEvent.hover(screen.getByRole('button', { name: /张三/ }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /消息/ })).toHaveAttribute('href', '/messages'));
    expect(screen.getByRole('menuitem', { name: /消息/ })).toHaveTextContent('消息3');
  });

  it('signed out: the login button comes back to the current path and query', async () => {
    stubApi({ status: 401, body: { code: 401, data: null, msg: '请先登录' } });
    renderWithProviders(<Header />, { route: '/papers?label=llm' });
    const login = await screen.findByRole('link', { name: '登录/注册' });
    const url = new URL(login.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('redirect_url')).toBe(window.location.pathname + window.location.search);
    expect(screen.queryByRole('link', { name: '写文章' })).toBeNull();
  });

  it('signed in: the write button and the avatar menu (my home page, edit profile, log out)', async () => {
    stubApi({ status: 200, body: { code: 0, data: { id: 3, name: '张三' }, msg: '' } });
    renderWithProviders(<Header />);
    expect(await screen.findByRole('link', { name: '写文章' })).toHaveAttribute('href', '/create');
    await userEvent.hover(screen.getByRole('button', { name: /张三/ }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '我的主页' })).toHaveAttribute('href', '/users/3'));
    expect(screen.getByRole('menuitem', { name: '编辑资料' })).toHaveAttribute('href', '/users/edit');
    // Sign-out is a POST carrying the session's CSRF token (the API refuses a GET); jsdom cannot navigate,
    // so the submitted form is what is checked.
    document.cookie = `${CSRF_COOKIE}=tok-123; path=/`;
    const submitted: HTMLFormElement[] = [];
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    submit.mockRestore();
    expect(submitted).toHaveLength(1);
    const [form] = submitted;
    expect(form.method.toUpperCase()).toBe('POST');
    const action = new URL(form.action, 'http://x');
    expect(action.pathname).toBe('/auth/logout');
    expect(action.searchParams.get('redirect_url')).toBe('/');
    expect((form.elements.namedItem('csrf_token') as HTMLInputElement).value).toBe('tok-123');
  });
});

function stubRole(role: string) {
  stubApi({ status: 200, body: { code: 0, data: { id: 102, name: '编辑乙', role }, msg: '' } });
}

describe('editors page link', () => {
  it('the avatar menu links the page for editors only', async () => {
    stubRole('editor');
    const { unmount } = renderWithProviders(<Header />);
    await userEvent.hover(await screen.findByRole('button', { name: /编辑乙/ }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '编辑工作台' })).toHaveAttribute('href', '/editor'));
    unmount();
    vi.unstubAllGlobals();
    stubRole('user');
    renderWithProviders(<Header />);
    await userEvent.hover(await screen.findByRole('button', { name: /编辑乙/ }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '我的主页' })).toBeInTheDocument());
    expect(screen.queryByRole('menuitem', { name: '编辑工作台' })).toBeNull();
  });
});
