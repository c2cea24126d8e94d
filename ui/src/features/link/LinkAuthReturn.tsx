import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { request } from '@/lib/request';
import { toast } from '@/lib/toast';
import { storeLinkToken } from './linkToken';

/** The marker the hub's authorize callback adds to the page it sends the browser back to. */
export const LINK_AUTH_PARAM = 'link_auth';

/**
 * After authorizing at a remote link server the browser comes back with `?link_auth=1`; the token waits
 * in the hub's session (never in the URL). Take it once and keep it under the local key, as the
 * built-in service's token. A failure (consent denied, expired request, server unreachable) is shown by
 * the request layer's toast with the API's message.
 */
export async function pickUpLinkToken(): Promise<string> {
  const data = await request<{ access_token: string }>('/v3/link/authorize/result');
  storeLinkToken(data.access_token);
  return data.access_token;
}

/** Mounted once in the app: picks the token up on return and removes the marker from the address. */
export function LinkAuthReturn() {
  const [params, setParams] = useSearchParams();
  const returned = params.get(LINK_AUTH_PARAM) === '1';
  const started = useRef(false);
  useEffect(() => {
    if (!returned || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINK_AUTH_PARAM);
        return next;
      },
      { replace: true },
    );
    pickUpLinkToken()
      .then(() => toast('社区动态授权成功', 'success'))
      .catch(() => undefined) // the request layer already showed why
      .finally(() => {
        started.current = false;
      });
  }, [returned, setParams]);
  return null;
}
