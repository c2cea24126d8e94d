import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paths } from '@/lib/paths';
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

/** Full-page redirect to the single sign-on logout. */
export function goLogout(redirect = '/'): void {
  window.location.assign(paths.logout(redirect));
}

/** For signed-in pages: a signed-out visitor goes to login (and back here afterwards). */
export function useRequireLogin() {
  const state = useLogin();
  useEffect(() => {
    if (state.isLogin === false) goLogin();
  }, [state.isLogin]);
  return state;
}
