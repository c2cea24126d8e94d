import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '@/api/types';
import { calendarLink, sameSiteFile } from './calendar';
import { buttonText, eventClick, liveStreamOf, ticketOf } from './eventRules';
import { TICKET_NOTES, TICKET_QR_SIZE, TicketView } from './TicketDialog';

const open = { button_msg: '立即报名', order_status: null };

describe('event button (spec section 4)', () => {
  it('joins at once only when signed in with an e-mail; signed out goes to login', () => {
    expect(eventClick(open, true, 'a@example.com')).toBe('join');
    expect(eventClick(open, false, null)).toBe('login');
    expect(eventClick(open, true, null)).toBe('page');
    expect(eventClick(open, true, '')).toBe('page');
    expect(eventClick(open, undefined, null)).toBe('page'); // login state still unknown
  });
  it('shows the ticket once signed up, and other labels open the event page', () => {
    expect(eventClick({ ...open, order_status: 1 }, true, 'a@example.com')).toBe('ticket');
    expect(eventClick({ button_msg: '观看直播', order_status: null }, true, 'a@example.com')).toBe('page');
    expect(buttonText({ ...open, order_status: 1 })).toBe('已报名');
    expect(buttonText(open)).toBe('立即报名');
    expect(buttonText({ button_msg: null, order_status: null })).toBe('查看详情');
  });
  it('reads a ticket only when there is one', () => {
    expect(ticketOf({ order_info: null })).toBeNull();
    expect(ticketOf({ order_info: {} as never })).toBeNull();
  });
});

describe('观看直播 on the event page', () => {
  const stream = 'https://live.aihub.example/events/2';
  it('opens the live stream the event carries while it runs', () => {
    expect(liveStreamOf({ color_status: 'live', live_url: stream })).toBe(stream);
  });
  it('not before or after, not without a stream, never another scheme', () => {
    expect(liveStreamOf({ color_status: 'open', live_url: stream })).toBeNull();
    expect(liveStreamOf({ color_status: 'ended', live_url: stream })).toBeNull();
    expect(liveStreamOf({ color_status: 'live' })).toBeNull();
    expect(liveStreamOf({ color_status: 'live', live_url: 'javascript:alert(1)' })).toBeNull();
    expect(liveStreamOf({ color_status: 'live', live_url: '/activities/2' })).toBeNull();
  });
});

describe('calendar files', () => {
  const event = { id: 7, oldName: '开放日, 第一场', start_time: '2026-12-01T06:00:00Z', end_time: '2026-12-01T08:00:00Z' };
  it('links the API file, or the /wxDownload page inside WeChat', () => {
    expect(calendarLink(event, false)).toMatch(/^\/api\/v1\/story\/subscription\/\?id=7&/);
    const wx = new URL(calendarLink(event, true), 'http://site.example');
    expect(wx.pathname).toBe('/wxDownload');
    expect(wx.searchParams.get('fileUrl')).toMatch(/^\/api\/v1\/story\/subscription\/\?id=7/);
  });
  it('/wxDownload accepts only files of this site', () => {
    const origin = 'http://site.example';
    expect(sameSiteFile('/api/v1/story/subscription/?id=7', origin)).toBe('/api/v1/story/subscription/?id=7');
    expect(sameSiteFile('http://site.example/a.ics', origin)).toBe('/a.ics');
    expect(sameSiteFile('https://evil.example/a.ics', origin)).toBeNull();
    expect(sameSiteFile('//evil.example/a.ics', origin)).toBeNull();
    expect(sameSiteFile('/\\evil.example/a.ics', origin)).toBeNull();
    expect(sameSiteFile('javascript:alert(1)', origin)).toBeNull();
    expect(sameSiteFile('', origin)).toBeNull();
  });
});

describe('ticket view', () => {
  const ticket: Ticket = {
    encode_oder_id: 'code-123', tick_name: '作者甲', name: '大模型开放日', time_desc: '2026-12-01 14:00 - 16:00',
    address: '北京市海淀区', mobile: null, email: 'a@example.com', created_at: '2026-11-01T00:00:00Z',
  };
  it('shows the QR at 180 px, the fields present and the usage notes', () => {
    render(<TicketView ticket={ticket} />);
    const qr = screen.getByTitle('门票二维码').closest('svg')!;
    expect(qr.getAttribute('width')).toBe(String(TICKET_QR_SIZE));
    expect(TICKET_QR_SIZE).toBe(180);
    for (const text of ['作者甲', '大模型开放日', '2026-12-01 14:00 - 16:00', '北京市海淀区', 'a@example.com', TICKET_NOTES[0]]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('手机')).toBeNull(); // no phone on this ticket
  });
});
