import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { LoginInfo } from '@/api/types';
import { paths } from '@/lib/paths';
import { csrfToken } from '@/lib/request';
import { loginInfoQuery } from './authQueries';

/** The login info the session probe answered: null when nobody is signed in (the API answers data null,
 * not a 401, so a visitor's page load has no failed call; the generated type leaves that null out). */
export function signedInAs(data: LoginInfo | null | undefined): LoginInfo | null {
  return data ?? null;
}

/** Login state: unknown while loading, then logged in (loginInfo) or not (no user, or the call failed). */
export function useLogin() {
  const q = useQuery(loginInfoQuery());
  const loginInfo = signedInAs(q.data);
  const isLogin: boolean | undefined = q.isSuccess ? loginInfo !== null : q.isError ? false : undefined;
  return { isLogin, loginInfo };
}

/**
 * A member's action: `run` for a signed-in reader, sign-in for a visitor. A click that comes before the session probe
 * has answered (just after the page loads, on a slow network) waits for that answer: taken for a visitor's, it sent
 * members to sign in again.
 */
export function useAsMember() {
  const client = useQueryClient();
  useQuery(loginInfoQuery()); // asked as the component mounts, so a click mostly finds the answer in
  return useCallback(
    async (run: () => void) => {
      let signedIn: boolean;
      try {
        signedIn = signedInAs(await client.ensureQueryData(loginInfoQuery())) !== null;
      } catch {
        signedIn = false; // the probe failed: as useLogin reads it, nobody is signed in
      }
      if (signedIn) run();
      else goLogin();
    },
    [client],
  );
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
