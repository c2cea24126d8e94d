import { config } from '@/lib/config';
import { paths } from '@/lib/paths';

export type NavKey = 'events' | 'papers' | 'rankings' | 'home' | 'projects' | 'link';

export interface NavItem {
  key: NavKey;
  label: string;
  to: string;
  external?: boolean;
}

/**
 * Top navigation in its order; desktop shows the first 4, the rest go to the hover 'more' menu.
 * 社区动态 is the in-app link feed (`/link`) unless the deployment names an external site for it
 * (VITE_LINK_HOST), which then opens in a new tab.
 */
export function navItems(linkHost: string): NavItem[] {
  const link: NavItem = linkHost
    ? { key: 'link', label: '社区动态', to: linkHost, external: true }
    : { key: 'link', label: '社区动态', to: paths.link() };
  return [
    { key: 'events', label: '活动', to: paths.events() },
    { key: 'papers', label: '论文', to: paths.papers() },
    { key: 'rankings', label: '榜单', to: paths.rankings() },
    { key: 'home', label: '专栏', to: paths.home() },
    { key: 'projects', label: '项目', to: paths.projects() },
    link,
  ];
}

export const NAV_ITEMS: NavItem[] = navItems(config.linkHost);

export const DESKTOP_NAV_COUNT = 4;

function first(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/** The active item: a column (story) detail page counts as home, an event page as events, a paper page as papers, a user page as rankings. */
export function activeNav(pathname: string): NavKey | null {
  const p = first(pathname);
  if (p === '' || p === 'browse' || p === 'view') return 'home';
  if (p === 'events' || p === 'activities') return 'events';
  if (p === 'papers' || p === 'paper' || p === 'trends') return 'papers';
  // a member's page and the member list belong with the leaderboard (the logo goes there too); editing one's profile does not
  if (p === 'rankings' || (p === 'users' && pathname.split('/')[2] !== 'edit')) return 'rankings';
  if (p === 'projects') return 'projects';
  if (p === 'link' || p === 'shareToLink') return 'link';
  return null;
}

/** The logo goes to papers on paper or trends pages, to events on an event page, to rankings on a user page, else home. */
export function logoTarget(pathname: string): string {
  const p = first(pathname);
  if (p === 'paper' || p === 'trends' || p === 'papers') return paths.papers();
  if (p === 'events') return paths.events();
  if (p === 'users') return paths.rankings();
  return paths.home();
}

/** In app mode the nav row shows only on home, events, papers, projects and rankings. */
export function appNavVisible(pathname: string): boolean {
  const p = first(pathname);
  return p === '' || p === 'events' || p === 'papers' || p === 'projects' || p === 'rankings';
}
