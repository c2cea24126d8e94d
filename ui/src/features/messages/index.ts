/** Messages: the header's unread count; the page is loaded lazily by app/App.tsx. */
export { unreadQuery } from './messageQueries';
