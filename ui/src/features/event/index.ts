/** The event kind: what other features may use (pages are loaded lazily by app/App.tsx). */
export { EventCard, SearchEventCard } from './EventCard';
