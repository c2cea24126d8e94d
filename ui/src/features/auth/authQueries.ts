import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

const HOUR = 60 * 60 * 1000;
export const LOGIN_INFO_KEY = ['login-info'] as const;

/** GET /v1/users: the signed-in caller; fails (401) when signed out. Skips global error handling (spec section 8). */
export const loginInfoQuery = () =>
  queryOptions({
    queryKey: LOGIN_INFO_KEY,
    queryFn: ({ signal }) => api.get('/v1/users', undefined, { signal, skipErrorHandler: true }),
    staleTime: HOUR,
  });
