/** Every URL the UI links to or navigates to is built here (route patterns live in app/App.tsx). */
import type { ShareKind } from '@/kinds';
import { config } from './config';

export const paths = {
  home: () => '/',
  events: () => '/events',
  papers: () => '/papers',
  /** 每日论文: papers under their publication day, ranked by upvotes (?range=month for 本月). */
  dailyPapers: (range?: 'week' | 'month') => (range === 'month' ? '/papers/daily?range=month' : '/papers/daily'),
  projects: () => '/projects',
  rankings: () => '/rankings',
  story: (id: number | string) => `/view/${id}`,
  paper: (id: number | string) => `/paper/${id}`,
  paperTrends: (id: number | string) => `/trends/${id}`,
  /** A project (repository) on the hub: its papers; GitHub is one link away. */
  project: (id: number | string) => `/projects/${id}`,
  user: (id: number | string) => `/users/${id}`,
  /** An arXiv author's page: their papers here, and their member page when one is bound to the name. */
  author: (name: string) => `/authors/${encodeURIComponent(name)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  /** An event's page: /activities/{id} here, or on the events site a deployment names (VITE_EVENT_HOST). */
  event: (id: number | string) => `${config.eventHost}/activities/${id}`,
  create: () => '/create',
  update: (id: number | string) => `/update/${id}`,
  users: () => '/users',
  usersEdit: () => '/users/edit',
  accountBinding: () => '/settings/account_binding',
  /** The editors' page (index jobs, set-aside documents, word lists); editors only. */
  editor: () => '/editor',
  messages: () => '/messages',
  loginCall: () => '/logincall',
  /** The link feed; with `status`, that status's discussion opened. */
  link: (status?: string) => (status ? `/link?status=${encodeURIComponent(status)}` : '/link'),
  /** Share a story or a paper into the link feed. */
  shareToLink: (type: ShareKind, id: number | string) => `/shareToLink?type=${type}&id=${encodeURIComponent(String(id))}`,
  /** The single sign-on login (on the API host), coming back to `redirect` (default: the current path and query). */
  login: (redirect: string = currentPath()) => {
    const params = new URLSearchParams({ redirect_url: redirect });
    if (config.fromCode) params.set('from_code', config.fromCode);
    return `${config.authHost}/auth/login?${params.toString()}`;
  },
  /** The single sign-on logout, coming back to `redirect`. */
  logout: (redirect: string = '/') => `${config.authHost}/auth/logout?${new URLSearchParams({ redirect_url: redirect }).toString()}`,
};

/** The current in-app path and query (what a login comes back to). */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Where a login may send the visitor back to: a same-site path only ('/a?b' but not '//evil',
 * '/\\evil', 'https://…' or 'javascript:'); anything else is '/'.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback;
  let value = target.trim();
  // An absolute URL on this very origin is accepted as its path.
  if (typeof window !== 'undefined' && /^https?:\/\//i.test(value)) {
    try {
      const u = new URL(value);
      if (u.origin !== window.location.origin) return fallback;
      value = `${u.pathname}${u.search}${u.hash}`;
    } catch {
      return fallback;
    }
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // control characters and backslashes can turn a path into a host in some browsers
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\\')) return fallback;
  // never loop back into the callback itself
  if (value === '/logincall' || value.startsWith('/logincall?')) return fallback;
  return value;
}
