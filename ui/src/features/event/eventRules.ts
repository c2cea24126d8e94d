/** The event button of spec section 4, as a pure rule. */
import type { EventInfo, Ticket } from '@/api/types';

export const SIGN_UP = '立即报名';
export const SIGNED_UP = '已报名';
export const SIGN_UP_OK = '报名成功';

/** What a click on the event button does. */
export type EventClick = 'login' | 'join' | 'ticket' | 'page';

/**
 * With an order: the ticket. On '立即报名': signed out → login first; signed in with an e-mail → join at once.
 * Anything else (no e-mail on the account, live or ended events) opens the event page.
 */
export function eventClick(event: Pick<EventInfo, 'button_msg' | 'order_status'>, isLogin: boolean | undefined, email?: string | null): EventClick {
  if (event.order_status) return 'ticket';
  if (event.button_msg === SIGN_UP) {
    if (isLogin === false) return 'login';
    if (isLogin && email) return 'join';
  }
  return 'page';
}

/** The button's text: '已报名' once signed up. */
export function buttonText(event: Pick<EventInfo, 'button_msg' | 'order_status'>): string {
  if (event.order_status) return SIGNED_UP;
  return event.button_msg || '查看详情';
}

/** The caller's ticket, when the event carries one (the generated type also allows an empty object). */
export function ticketOf(event: Pick<EventInfo, 'order_info'> | null | undefined): Ticket | null {
  const info = event?.order_info;
  return info && 'encode_oder_id' in info ? (info as Ticket) : null;
}

/**
 * Where 观看直播 goes on the event page: the live stream the event carries (`live_url`), while it runs,
 * and only an absolute http(s) address. The API document names the field from its next regeneration,
 * hence the widened type.
 */
export function liveStreamOf(event: Pick<EventInfo, 'color_status'> & { live_url?: string | null }): string | null {
  if (event.color_status !== 'live' || !event.live_url) return null;
  try {
    const url = new URL(event.live_url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
