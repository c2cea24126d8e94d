import { afterEach, describe, expect, it, vi } from 'vitest';
import { goLogout } from './useLogin';

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'hub_csrf=; max-age=0';
  document.body.innerHTML = '';
});

describe('goLogout', () => {
  it('posts the session CSRF token to /auth/logout, coming back to the page the member was on', () => {
    document.cookie = 'hub_csrf=token-123';
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    goLogout('/papers?tab=hot');
    const form = document.querySelector('form') as HTMLFormElement;
    expect(submit).toHaveBeenCalledTimes(1);
    expect(form.method.toUpperCase()).toBe('POST');
    expect(form.action).toMatch(/\/auth\/logout\?redirect_url=%2Fpapers%3Ftab%3Dhot$/);
    expect((form.elements.namedItem('csrf_token') as HTMLInputElement).value).toBe('token-123');
  });
});
