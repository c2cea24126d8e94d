/** The feed: what the app shell and other features may use (the page is loaded lazily by app/App.tsx). */
export { FeedCard, FeedCards } from './FeedCard';
export { feedPageQuery } from './feedQueries';
// The kinds' item key, re-exported for the lists other features render (UserPage).
export { itemKey } from '@/kinds';
export { SideNav } from './SideNav';
export { ClearFiltersButton, TagDrawerContext, TagFilterButton, useReportTotal } from './TagDrawer';
