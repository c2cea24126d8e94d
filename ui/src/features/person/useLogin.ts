import { useQuery } from '@tanstack/react-query';
import { fetchLoginInfo } from '@/lib/api';

/** Login state: unknown while loading, then logged in (loginInfo) or not (the call failed). */
export function useLogin() {
  const q = useQuery({
    queryKey: ['login-info'],
    queryFn: fetchLoginInfo,
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
  const isLogin: boolean | undefined = q.isSuccess ? true : q.isError ? false : undefined;
  return { isLogin, loginInfo: q.data ?? null };
}
