/**
 * The typed API client: openapi-fetch over the generated `paths` (src/api/schema.d.ts), so a path the
 * document lacks, a wrong parameter, body or answer type is a type error. Paths are written as in the
 * document without its `/api` prefix (the API base, `config.apiBase`, stands for it).
 *
 * openapi-fetch builds the URL (path parameters, the query through `buildQuery`, as every call always
 * sent it) and parses the body; the request layer (lib/request.ts) does the rest as for every call:
 * credentials, the CSRF header on writes, the timeout and the caller's cancel, the envelope
 * {code, data, msg}, toasts and the 403 login redirect.
 */
import createClient, { type ClientPathsWithMethod, type MaybeOptionalInit, type MethodResponse } from 'openapi-fetch';
import type { paths } from '@/api/schema';
import { config } from './config';
import { ApiError, buildQuery, callHeaders, FAILED_MSG, openEnvelope, reportFailure, send, upload, type RequestOptions } from './request';

/** The document's paths under the API base: `/api/v2/search` is called as `/v2/search`. */
export type ApiPaths = { [P in keyof paths as P extends `/api${infer Rest}` ? Rest : never]: paths[P] };

const client = createClient<ApiPaths>({ querySerializer: (query) => buildQuery(query).slice(1) });
type Client = typeof client;

type Method = 'get' | 'post' | 'put';
export type ApiPath<M extends Method> = ClientPathsWithMethod<Client, M>;
type Init<M extends Method, P extends ApiPath<M>> = MaybeOptionalInit<ApiPaths[P], M>;

/**
 * What a successful call gives: the envelope's `data` as the document describes it (the document marks
 * it nullable because a failure's envelope carries null; a success carries the payload).
 */
export type ApiData<M extends Method, P extends ApiPath<M>> =
  MethodResponse<Client, M, P> extends { data?: infer D } ? Exclude<D, null | undefined> : never;

/** Per-call options of the request layer (the method, path, query and body come from the typed part). */
export type CallOptions = RequestOptions;

/** `init` may be left out when the operation needs no parameter and no body. */
type Args<I> = undefined extends I ? [init?: I, opts?: CallOptions] : [init: I, opts?: CallOptions];

/** Where the built Request points: relative bases are resolved against the page, then sent relative again. */
function base(): { baseUrl: string; strip: string } {
  if (!config.apiBase.startsWith('/')) return { baseUrl: config.apiBase, strip: '' };
  const origin = (typeof window !== 'undefined' && window.location.origin) || 'http://localhost';
  return { baseUrl: `${origin}${config.apiBase}`, strip: origin };
}

async function call<T>(method: Method, path: string, init: { params?: unknown; body?: unknown } | undefined, opts: CallOptions = {}): Promise<T> {
  const upper = method.toUpperCase();
  const body = init?.body === undefined ? undefined : JSON.stringify(init.body);
  const requestInit: RequestInit = { method: upper, credentials: 'include', headers: callHeaders(upper, opts, body !== undefined), body };
  const { baseUrl, strip } = base();
  let res: Response | undefined;
  try {
    // The typed signatures below check path, parameters and body; here the call is generic.
    const answer = await (client.request as (m: string, p: string, i: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(
      method, path, {
        params: init?.params,
        body: init?.body,
        baseUrl,
        fetch: async (request: Request) => {
          res = await send(strip ? request.url.slice(strip.length) : request.url, requestInit, opts.timeout ?? config.timeout, opts.signal);
          return res;
        },
      },
    );
    return openEnvelope<T>(answer.response, answer.response.ok ? (answer.data ?? null) : answer.error, opts.onMessage);
  } catch (err) {
    // A body that is not JSON: as a missing envelope (the caller's cancel stays its AbortError).
    const failure = err instanceof ApiError || !res || opts.signal?.aborted
      ? err
      : new ApiError(res.status >= 400 ? res.status : 503, res.status === 404 ? '' : FAILED_MSG);
    reportFailure(failure, opts);
    throw failure;
  }
}

/** Typed calls: `api.get('/v2/search', { params: { query: { q } } }, { signal })` gives the envelope's data. */
export const api = {
  get: <P extends ApiPath<'get'>>(path: P, ...[init, opts]: Args<Init<'get', P>>) =>
    call<ApiData<'get', P>>('get', path, init as never, opts),
  post: <P extends ApiPath<'post'>>(path: P, ...[init, opts]: Args<Init<'post', P>>) =>
    call<ApiData<'post', P>>('post', path, init as never, opts),
  put: <P extends ApiPath<'put'>>(path: P, ...[init, opts]: Args<Init<'put', P>>) =>
    call<ApiData<'put', P>>('put', path, init as never, opts),
  /** A multipart upload (lib/request.ts `upload`) to a documented POST path: the path and the answer are typed. */
  upload: <P extends ApiPath<'post'>>(path: P, form: FormData, opts?: CallOptions) => upload<ApiData<'post', P>>(path, form, opts),
  /** A write whose envelope `msg` is its toast text: gives both. */
  write: async <M extends 'post' | 'put', P extends ApiPath<M>>(method: M, path: P, ...[init, opts]: Args<Init<M, P>>) => {
    let msg = '';
    const data = await call<ApiData<M, P>>(method, path, init as never, { ...opts, onMessage: (m) => { msg = m; } });
    return { data, msg };
  },
};
