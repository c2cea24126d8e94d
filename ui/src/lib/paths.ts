/** Every URL the UI links to or navigates to is built here (route patterns live in app/App.tsx). */
import { config } from './config';

export const paths = {
  home: () => '/',
  events: () => '/events',
  papers: () => '/papers',
  projects: () => '/projects',
  rankings: () => '/rankings',
  story: (id: number | string) => `/view/${id}`,
  paper: (id: number | string) => `/paper/${id}`,
  paperTrends: (id: number | string) => `/trends/${id}`,
  user: (id: number | string) => `/users/${id}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  /** An event's page on the events site (external). */
  event: (id: number | string) => `${config.eventHost}/activities/${id}`,
  /** The single sign-on login, coming back to `redirect`. */
  login: (redirect: string = typeof window !== 'undefined' ? window.location.href : '/') => {
    const params = new URLSearchParams({ redirect_url: redirect, from_code: config.fromCode });
    return `${config.authHost}/auth/login?${params.toString()}`;
  },
};
