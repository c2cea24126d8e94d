import { QRCodeSVG } from 'qrcode.react';
import type { EventInfo, Ticket } from '@/api/types';
import { Dialog } from '@/components/Dialog/Dialog';
import { CalendarLink } from './CalendarLink';
import { ticketOf } from './eventRules';
import './TicketDialog.css';

/** QR size of the ticket (spec section 9). */
export const TICKET_QR_SIZE = 180;
export const TICKET_NOTES = ['入场时请出示此二维码，工作人员扫码核验。', '门票仅限本人使用，请勿转发或截图给他人。', '如需取消报名或更改信息，请联系活动主办方。'];

/** The ticket view: QR of encode_oder_id, attendee, event name, time, address, phone and e-mail if present, usage notes. */
export function TicketView({ ticket, event }: { ticket: Ticket; event?: Pick<EventInfo, 'id' | 'oldName' | 'start_time' | 'end_time'> }) {
  return (
    <div className="ticket" data-testid="ticket">
      <div className="ticket__qr">
        <QRCodeSVG value={ticket.encode_oder_id} size={TICKET_QR_SIZE} level="M" title="门票二维码" data-testid="ticket-qr" />
      </div>
      <dl className="ticket__fields">
        <dt>参会人</dt><dd>{ticket.tick_name}</dd>
        <dt>活动</dt><dd>{ticket.name}</dd>
        {ticket.time_desc && <><dt>时间</dt><dd>{ticket.time_desc}</dd></>}
        {ticket.address && <><dt>地点</dt><dd>{ticket.address}</dd></>}
        {ticket.mobile && <><dt>手机</dt><dd>{ticket.mobile}</dd></>}
        {ticket.email && <><dt>邮箱</dt><dd>{ticket.email}</dd></>}
      </dl>
      <ul className="ticket__notes" aria-label="使用须知">
        {TICKET_NOTES.map((note) => <li key={note}>{note}</li>)}
      </ul>
      {event && <CalendarLink event={event} className="btn btn--ghost btn--sm ticket__calendar" icon={false} />}
    </div>
  );
}

/** The event-ticket popup of the home layout. */
export function TicketDialog({ event, onClose }: { event: EventInfo | null; onClose: () => void }) {
  const ticket = ticketOf(event);
  return (
    <Dialog open={Boolean(event && ticket)} title="我的门票" onClose={onClose} width={380} className="ticket-dialog">
      {event && ticket && <TicketView ticket={ticket} event={event} />}
    </Dialog>
  );
}
