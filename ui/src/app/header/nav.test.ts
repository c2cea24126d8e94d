import { describe, expect, it } from 'vitest';
import { activeNav, appNavVisible, logoTarget, navItems, NAV_ITEMS } from './nav';
import { nextAppHeaderState } from './Header';

describe('navigation rules', () => {
  it('active nav: story detail counts as home, paper/trends as papers', () => {
    expect(activeNav('/view/12')).toBe('home');
    expect(activeNav('/paper/3')).toBe('papers');
    expect(activeNav('/trends/3')).toBe('papers');
    expect(activeNav('/events')).toBe('events');
    expect(activeNav('/search')).toBeNull();
    expect(activeNav('/link')).toBe('link');
    expect(activeNav('/shareToLink')).toBe('link');
    // a user page belongs with the leaderboard, as its logo does; the profile form does not
    expect(activeNav('/users/3')).toBe('rankings');
    expect(activeNav('/users')).toBe('rankings');
    expect(activeNav('/users/edit')).toBeNull();
  });
  it('社区动态 is the in-app /link page unless an external site is configured', () => {
    expect(NAV_ITEMS.find((i) => i.key === 'link')).toEqual({ key: 'link', label: '社区动态', to: '/link' });
    expect(navItems('https://social.example').find((i) => i.key === 'link')).toEqual({ key: 'link', label: '社区动态', to: 'https://social.example', external: true });
  });
  it('logo target follows the page', () => {
    expect(logoTarget('/paper/1')).toBe('/papers');
    expect(logoTarget('/trends/1')).toBe('/papers');
    expect(logoTarget('/events')).toBe('/events');
    expect(logoTarget('/users/4')).toBe('/rankings');
    expect(logoTarget('/view/1')).toBe('/');
  });
  it('app nav row only on home, events, papers, projects, rankings', () => {
    expect(['/', '/events', '/papers', '/projects', '/rankings'].every(appNavVisible)).toBe(true);
    expect(appNavVisible('/view/1')).toBe(false);
    expect(appNavVisible('/search')).toBe(false);
  });
  it('app header: removed near the top, hidden scrolling down past 2x, shown scrolling up', () => {
    expect(nextAppHeaderState('shown', 10, 100, 56)).toBe('removed');
    expect(nextAppHeaderState('removed', 100, 60, 56)).toBe('removed');
    expect(nextAppHeaderState('removed', 130, 100, 56)).toBe('hidden');
    expect(nextAppHeaderState('hidden', 400, 500, 56)).toBe('shown');
  });
});
