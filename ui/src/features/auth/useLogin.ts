import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paths } from '@/lib/paths';
import { csrfToken } from '@/lib/request';
import { loginInfoQuery } from './authQueries';

/** Login state: unknown while loading, then logged in (loginInfo) or not (the call failed). */
export function useLogin() {
  const q = useQuery(loginInfoQuery());
  const isLogin: boolean | undefined = q.isSuccess ? true : q.isError ? false : undefined;
  return { isLogin, loginInfo: q.data ?? null };
}

/** Full-page redirect to the single sign-on, coming back to the current path and query. */
export function goLogin(redirect?: string): void {
  window.location.assign(paths.login(redirect));
}

/** Sign out: a POST of the session's CSRF token to /auth/logout (a link on another site cannot sign anyone
 * out), which ends the sign-on session too and comes back to `redirect`. */
export function goLogout(redirect = '/'): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = paths.logout(redirect);
  const token = document.createElement('input');
  token.type = 'hidden';
  token.name = 'csrf_token';
  token.value = csrfToken() ?? '';
  form.append(token);
  document.body.append(form);
  form.submit();
}

/** For signed-in pages: a signed-out visitor goes to login (and back here afterwards). */
export function useRequireLogin() {
  const state = useLogin();
  useEffect(() => {
    if (state.isLogin === false) goLogin();
  }, [state.isLogin]);
  return state;
}
