/** The signed-in user's messages: the unread count (header dot), the list, marking read. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

export const UNREAD_KEY = ['messages', 'unread'] as const;
export const MESSAGES_KEY = ['messages', 'list'] as const;
/** The header asks again this often (and whenever the window regains focus). */
const UNREAD_EVERY_MS = 60_000;

export const unreadQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: UNREAD_KEY,
    // 401 when the session ended: no toast, no login redirect from a background check
    queryFn: ({ signal }) => api.get('/v1/messages/is_read', undefined, { signal, skipErrorHandler: true }),
    enabled: signedIn,
    refetchInterval: UNREAD_EVERY_MS,
    retry: false,
  });

/** POST /v1/messages/read with no ids: everything of the caller's is read. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.write('post', '/v1/messages/read', { body: {} }),
    onSuccess: ({ data }) => {
      client.setQueryData(UNREAD_KEY, data);
      void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}
