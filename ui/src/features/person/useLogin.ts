import { useQuery } from '@tanstack/react-query';
import { loginInfoQuery } from './personQueries';

/** Login state: unknown while loading, then logged in (loginInfo) or not (the call failed). */
export function useLogin() {
  const q = useQuery(loginInfoQuery());
  const isLogin: boolean | undefined = q.isSuccess ? true : q.isError ? false : undefined;
  return { isLogin, loginInfo: q.data ?? null };
}
