import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '@/lib/requestApi';
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
  const data = await api.get('/v3/link/authorize/result');
  // The result always carries the token; its schema (Authorize) is shared with /authorize, which may answer null.
  const token = data.access_token as string;
  storeLinkToken(token);
  return token;
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
