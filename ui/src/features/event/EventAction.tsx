import { useState } from 'react';
import type { EventInfo } from '@/api/types';
import { goLogin, useLogin } from '@/features/auth';
import { paths } from '@/lib/paths';
import { useSaveOrder } from './eventActions';
import { useEventTicket } from './EventTicket';
import { buttonText, eventClick } from './eventRules';
import { TicketDialog } from './TicketDialog';

/** The event card's button (spec section 4): join at once, log in first, show the ticket, or open the event page. */
export function EventAction({ event }: { event: EventInfo }) {
  const { isLogin, loginInfo } = useLogin();
  const save = useSaveOrder(event);
  const openTicket = useEventTicket();
  const [ownTicket, setOwnTicket] = useState(false);
  const ended = event.color_status === 'ended';
  const action = eventClick(event, isLogin, loginInfo?.email);
  const className = `btn ${ended || event.order_status ? 'btn--ghost' : 'btn--primary'} btn--sm event-action`;
  const text = buttonText(event);
  if (action === 'page') {
    return <a className={className} href={paths.event(event.id)} target="_blank" rel="noopener noreferrer">{text}</a>;
  }
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
