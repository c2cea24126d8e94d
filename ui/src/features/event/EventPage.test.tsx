import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventInfo } from '../../../tests/factories';
import { renderWithProviders } from '../../../tests/render';
import { EventCard, SearchEventCard } from './EventCard';
import EventPage from './EventPage';

const EVENT = eventInfo({
  id: 7, name: '大模型&lt;开放日&gt;', oldName: '大模型<开放日>', title: '从预训练到部署', brief: '第一段介绍\n第二段介绍',
  address: '北京市海淀区中关村', company: '青藤数据', time_desc: '2026-12-01 14:00 - 16:00', icon_msg: '报名中',
  button_msg: '立即报名', color_status: 'open', image_url: '/media/demo/event-01.webp',
});

function stubApi(calls: string[] = []) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: '' }));
    if (url === '/api/v1/events/info') return ok(JSON.parse(String(init?.body)).ids[0] === 7 ? [EVENT] : []);
    if (url === '/api/v1/users') return new Response(JSON.stringify({ code: 401, data: null, msg: '请先登录' }), { status: 401 });
    return ok(null);
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('EventPage', () => {
  it('shows the event: title as text, status, Beijing time, place, organiser, intro, sign-up, calendar, share', async () => {
    const calls: string[] = [];
    stubApi(calls);
    renderWithProviders(<EventPage />, { route: '/activities/7', path: '/activities/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: '大模型<开放日>' })).toBeInTheDocument();
    expect(screen.getByText('报名中')).toBeInTheDocument();
    expect(screen.getByText('2026-12-01 14:00 - 16:00（北京时间）')).toBeInTheDocument();
    expect(screen.getByText('北京市海淀区中关村')).toBeInTheDocument();
    expect(screen.getByText('青藤数据')).toBeInTheDocument();
    const intro = screen.getByRole('region', { name: '活动介绍' });
    expect(within(intro).getByText('第二段介绍')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '立即报名' })).toBeInTheDocument(); // signed out: sign in, then join
    expect(screen.getByRole('link', { name: /添加到日历/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /分享/ })).toBeInTheDocument();
    expect(calls.some((c) => c.startsWith('POST /api/v1/events/info') && c.includes('"ids":[7]'))).toBe(true);
  });

  it('an unknown event is a 404 page', async () => {
    stubApi();
    renderWithProviders(<EventPage />, { route: '/activities/999', path: '/activities/:id' });
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument();
  });

  it('cards open the event page on this site, in the app', () => {
    renderWithProviders(<EventCard event={EVENT} />);
    const title = screen.getByRole('heading', { level: 2 });
    const link = within(title).getByRole('link');
    expect(link).toHaveAttribute('href', '/activities/7');
    expect(link).not.toHaveAttribute('target');
  });

  it('a search result card says 已报名 once the member has signed up', () => {
    renderWithProviders(<SearchEventCard event={{ ...EVENT, order_status: 1 }} />);
    expect(screen.getByRole('link', { name: '已报名' })).toHaveAttribute('href', '/activities/7');
  });

  it("a search result card's links open the event in a new tab, also when the hub serves event pages", () => {
    renderWithProviders(<SearchEventCard event={EVENT} />);
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAttribute('href', '/activities/7');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});
