/**
 * The request layer of spec sections 7 and 8: base /api, credentials sent, 60 s timeout, envelope {code, data, msg} with
 * code 0 / -1 as success, a toast for other codes (not for 404 or an empty message),
 * 403 sends the visitor to the login page, cancelled requests stay quiet. Identical in-flight
 * requests are not sent twice because every call goes through TanStack Query, which shares one
 * fetch per query key.
 *
 * Calls go through the typed client (./requestApi.ts: `api.get/post/put/write`, bound to the API
 * document), which uses the pieces below; `upload` sends a picture (multipart) the same way.
 */
import { config } from './config';
import { currentPath, paths } from './paths';
import { toast } from './toast';

export class ApiError extends Error {
  code: number;
  constructor(code: number, msg: string) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
  }
}

export const FAILED_MSG = '请求失败，点击重新加载';

/** Per-call options (the typed client takes the path, parameters and body from the document). */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Skip the global toast / login redirect (login info, unread check, authorize checking). */
  skipErrorHandler?: boolean;
  timeout?: number;
  /** Receives the envelope's msg of a successful answer (a write's toast text). */
  onMessage?: (msg: string) => void;
  /** Extra headers (the link feed's bearer token, only when one is stored). */
  headers?: Record<string, string>;
  /** Send the CSRF header on a GET too: the spec's few GET calls that change state. */
  csrf?: boolean;
}

export function buildQuery(params?: Record<string, unknown>): string {
  if (!params) return '';
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      value.forEach((v) => qs.append(key, String(v)));
    } else {
      qs.append(key, String(value));
    }
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

let redirecting = false;

/** Tests only: forget that a login redirect already happened. */
export function resetLoginRedirect(): void {
  redirecting = false;
}

export const CSRF_COOKIE = 'hub_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The readable CSRF cookie the API sets at sign-in (undefined when absent). */
export function csrfToken(cookie: string = typeof document !== 'undefined' ? document.cookie : ''): string | undefined {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === CSRF_COOKIE) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value) || undefined;
      } catch {
        return value || undefined;
      }
    }
  }
  return undefined;
}

export function handleError(err: ApiError): void {
  if (err.code === 403) {
    if (!redirecting) {
      redirecting = true;
      window.location.assign(paths.login(currentPath()));
    }
    return;
  }
  if (err.code === 404 || !err.message) return;
  toast(err.message, 'error');
}

/**
 * Sends one request: one controller for both the caller's cancel (TanStack Query's signal) and the
 * timeout; a cancelled caller gets its AbortError, a timeout or a network failure an ApiError.
 */
export async function send(url: string, init: RequestInit, timeout: number, caller?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const cancel = () => controller.abort(caller?.reason);
  if (caller?.aborted) cancel();
  caller?.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeout);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (e) {
    if (caller?.aborted) throw e; // cancelled by the caller: an AbortError, not an API error
    if (controller.signal.aborted) throw new ApiError(504, '请求超时，请稍后重试');
    throw new ApiError(503, FAILED_MSG);
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', cancel);
  }
}

/** The envelope's data of an answer whose body parsed as `payload` (null: not JSON), or its ApiError. */
export function openEnvelope<T>(res: Response, payload: unknown, onMessage?: (msg: string) => void): T {
  if (!payload || typeof payload !== 'object' || !('code' in payload)) {
    throw new ApiError(res.status >= 400 ? res.status : 503, res.status === 404 ? '' : FAILED_MSG);
  }
  const envelope = payload as { code?: number; data?: unknown; msg?: string; message?: string };
  const code = Number(envelope.code);
  if (code === 0 || code === -1) {
    onMessage?.(envelope.msg ?? envelope.message ?? '');
    const auth = res.headers.get('authorization');
    if (auth && envelope.data && typeof envelope.data === 'object' && !Array.isArray(envelope.data)) {
      return { ...(envelope.data as object), authorization: auth } as T;
    }
    return envelope.data as T;
  }
  throw new ApiError(code, envelope.msg ?? envelope.message ?? '');
}

async function perform<T>(url: string, init: RequestInit, timeout: number, caller?: AbortSignal, onMessage?: (msg: string) => void): Promise<T> {
  const res = await send(url, init, timeout, caller);
  const payload: unknown = await res.json().catch(() => null);
  return openEnvelope<T>(res, payload, onMessage);
}

/** The headers of a JSON call: a write (or a GET with `csrf`) carries the CSRF token of the readable cookie. */
export function callHeaders(method: string, opts: Pick<RequestOptions, 'headers' | 'csrf'>, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...opts.headers };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' || opts.csrf) {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  return headers;
}

/** The global handling of a failed call (toast, login), unless the caller skips it or cancelled. */
export function reportFailure(err: unknown, opts: Pick<RequestOptions, 'skipErrorHandler' | 'signal'>): void {
  // A cancelled caller stays quiet: no toast, no login redirect.
  if (err instanceof ApiError && !opts.skipErrorHandler && !opts.signal?.aborted) handleError(err);
}

/** A multipart upload (a file in FormData): the browser writes the boundary; the CSRF header as for any write. */
export async function upload<T>(path: string, form: FormData, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  const init: RequestInit = { method: 'POST', credentials: 'include', headers, body: form };
  try {
    return await perform<T>(`${config.apiBase}${path}`, init, opts.timeout ?? UPLOAD_TIMEOUT, opts.signal, opts.onMessage);
  } catch (err) {
    reportFailure(err, opts);
    throw err;
  }
}
const UPLOAD_TIMEOUT = 60_000;
