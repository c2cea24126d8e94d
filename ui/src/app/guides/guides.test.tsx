import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { DeviceProvider } from '@/hooks/useDevice';
import { Guides } from './Guides';
import { TOUR_KEY, UPGRADE_GUIDE_KEY, dismissUpgradeGuide, rememberTour, upgradeGuideDue } from './guideState';
import { Tour, placeBubble } from './Tour';
import { TOUR_BUBBLE_WIDTH, TOUR_STEPS } from './tourSteps';

const DAY = 24 * 60 * 60 * 1000;

/** The parts of a home page the tour points at (jsdom has no layout: every element counts as shown). */
const hosts: HTMLElement[] = [];
function page(parts: string[]) {
  const host = document.createElement('div');
  host.innerHTML = parts.map((cls) => `<div class="${cls}">x</div>`).join('');
  document.body.appendChild(host);
  hosts.push(host);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});
afterEach(() => {
  vi.restoreAllMocks();
  hosts.splice(0).forEach((host) => host.remove());
});

describe('upgrade guide dismissal', () => {
  it('stays dismissed for 20160 minutes (14 days)', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(upgradeGuideDue(now)).toBe(true);
    dismissUpgradeGuide(now - 13 * DAY);
    expect(upgradeGuideDue(now)).toBe(false);
    dismissUpgradeGuide(now - 20160 * 60 * 1000);
    expect(upgradeGuideDue(now)).toBe(true);
    dismissUpgradeGuide(now - 15 * DAY);
    expect(upgradeGuideDue(now)).toBe(true);
  });
});

describe('tour', () => {
  it('walks the steps present on the page, back and forth, and finishes on the last', async () => {
    page(['site-header__search', 'filters-bar', 'site-header__user']);
    const onClose = vi.fn();
    render(<Tour onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '搜索' });
    expect(dialog).toHaveStyle({ width: `${Math.min(TOUR_BUBBLE_WIDTH, window.innerWidth - 24)}px` });
    expect(screen.getByText('1/3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一步' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: '排序与时间' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '上一步' }));
    expect(await screen.findByRole('dialog', { name: '搜索' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByText('3/3')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape skips it, and Tab stays on its buttons', async () => {
    page(['site-header__search', 'site-nav', 'filters-bar']);
    const onClose = vi.fn();
    render(<Tour onClose={onClose} />);
    await screen.findByRole('dialog', { name: '搜索' });
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: '栏目导航' });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['跳过', '上一步', '下一步']);
    await userEvent.tab();
    expect(buttons[0]).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes by itself when nothing it points at is on the page', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Tour steps={TOUR_STEPS} onClose={onClose} />);
    await act(async () => { vi.advanceTimersByTime(3500); });
    vi.useRealTimers();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('guides', () => {
  const renderGuides = () => render(<DeviceProvider><MemoryRouter><Guides /></MemoryRouter></DeviceProvider>);

  it('a first visit gets the tour (remembered at once), the next page load of that visit nothing, a later visit the upgrade guide', async () => {
    page(['site-header__search', 'filters-bar']);
    const first = renderGuides();
    await screen.findByRole('dialog', { name: '搜索' });
    expect(Number(localStorage.getItem(TOUR_KEY))).toBeGreaterThan(0);
    expect(document.documentElement.dataset.guide).toBe('tour');
    first.unmount();

    const reload = renderGuides(); // the same visit: one onboarding at a time
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.dataset.guide).toBe('none');
    reload.unmount();

    sessionStorage.clear(); // a new visit (another tab, another day)
    renderGuides();
    expect(screen.getByRole('dialog', { name: '社区全新升级' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.documentElement.dataset.guide).toBe('none');
    expect(Number(localStorage.getItem(UPGRADE_GUIDE_KEY))).toBeGreaterThan(0);
    expect(upgradeGuideDue()).toBe(false);
  });

  it('within the tour\'s visit the upgrade guide waits a day', () => {
    const shown = Date.parse('2026-11-26T10:00:00Z');
    rememberTour(shown);
    expect(upgradeGuideDue(shown + 3600_000)).toBe(false);
    expect(upgradeGuideDue(shown + 25 * 3600_000)).toBe(true);
  });
});

describe('tour bubble placement', () => {
  const desktop = { width: 1280, height: 800 };
  const overlaps = (a: { top: number; left: number; right: number; bottom: number }, b: { top: number; left: number; width: number }, height = 180) =>
    !(b.left >= a.right || b.left + b.width <= a.left || b.top >= a.bottom || b.top + height <= a.top);

  it('goes below a short element, above one near the foot of the window', () => {
    const search = { top: 14, left: 300, right: 700, bottom: 46 };
    expect(placeBubble(search, desktop).top).toBe(46 + 6 + 12);
    const foot = { top: 700, left: 300, right: 700, bottom: 740 };
    const above = placeBubble(foot, desktop);
    expect(above.top + 180).toBeLessThanOrEqual(700);
  });

  it('step 3: beside a side nav taller than the window, never over it', () => {
    const aside = { top: 72, left: 24, right: 244, bottom: 1400 };
    const at = placeBubble(aside, desktop);
    expect(overlaps(aside, at)).toBe(false);
    expect(at.left).toBe(244 + 6 + 12);
    expect(at.top).toBe(72);
  });

  it('on a 375 px phone the bubble fits the screen under the tag button', () => {
    const button = { top: 110, left: 300, right: 360, bottom: 140 };
    const at = placeBubble(button, { width: 375, height: 760 });
    expect(at.width).toBe(342);
    expect(at.left + at.width).toBeLessThanOrEqual(375 - 12);
    expect(overlaps(button, at)).toBe(false);
  });
});
