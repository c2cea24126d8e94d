import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { EventInfo } from '@/api/types';
import { TicketDialog } from './TicketDialog';

/** Opens the home layout's event-ticket popup (null outside the home layout: cards then keep their own). */
export const EventTicketContext = createContext<((event: EventInfo) => void) | null>(null);

export function useEventTicket() {
  return useContext(EventTicketContext);
}

/** The home layout's event-ticket popup, opened by any event card inside it. */
export function EventTicketProvider({ children }: { children: ReactNode }) {
  const [event, setEvent] = useState<EventInfo | null>(null);
  const open = useCallback((e: EventInfo) => setEvent(e), []);
  const value = useMemo(() => open, [open]);
  return (
    <EventTicketContext.Provider value={value}>
      {children}
      <TicketDialog event={event} onClose={() => setEvent(null)} />
    </EventTicketContext.Provider>
  );
}
