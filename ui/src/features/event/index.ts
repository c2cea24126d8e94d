/** The event kind: what other features may use (pages are loaded lazily by app/App.tsx). */
export { EventCard, SearchEventCard } from './EventCard';
export { EventTicketProvider, useEventTicket } from './EventTicket';
export { TicketView, TicketDialog, TICKET_QR_SIZE } from './TicketDialog';
