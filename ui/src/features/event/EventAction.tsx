import { useState } from 'react';
import type { EventInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { goLogin, useLogin } from '@/features/auth';
import { EventLink } from './EventLink';
import { useSaveOrder } from './eventActions';
import { useEventTicket } from './EventTicket';
import { buttonText, eventClick, liveStreamOf } from './eventRules';
import { TicketDialog } from './TicketDialog';

/** The event card's button (spec section 4): join at once, log in first, show the ticket, or open the event
 * page. On the event page itself (`onPage`), 观看直播 opens the live stream, and a member without a verified
 * e-mail is told why sign-up waits. */
export function EventAction({ event, onPage = false }: { event: EventInfo; onPage?: boolean }) {
  const { isLogin, loginInfo } = useLogin();
  const save = useSaveOrder(event);
  const openTicket = useEventTicket();
  const [ownTicket, setOwnTicket] = useState(false);
  const ended = event.color_status === 'ended';
  const action = eventClick(event, isLogin, loginInfo?.email);
  const className = `btn ${ended || event.order_status ? 'btn--ghost' : 'btn--primary'} btn--sm event-action`;
  const text = buttonText(event);
  if (action === 'page' && onPage) {
    const live = liveStreamOf(event);
    if (live) {
      return <a className={className} href={live} target="_blank" rel="noopener noreferrer">{text}<Icon name="external" size={12} /></a>;
    }
    const why = isLogin && !loginInfo?.email && event.button_msg === '立即报名' ? '验证邮箱后即可报名' : null;
    return why ? <span className="event-page__note">{why}</span> : null;
  }
  if (action === 'page') return <EventLink eventId={event.id} className={className}>{text}</EventLink>;
  const onClick = () => {
    if (action === 'login') goLogin();
    else if (action === 'join' && loginInfo) save.mutate(loginInfo);
    else if (action === 'ticket') {
      if (openTicket) openTicket(event);
      else setOwnTicket(true);
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={onClick} disabled={save.isPending} aria-busy={save.isPending}>
        {text}
      </button>
      {!openTicket && ownTicket && <TicketDialog event={event} onClose={() => setOwnTicket(false)} />}
    </>
  );
}
