/** The feed: what the app shell and other features may use (the page is loaded lazily by app/App.tsx). */
export { FeedCard, FeedCards } from './FeedCard';
export { feedPageQuery } from './feedQueries';
export { itemKey } from './itemKey';
export { SideNav } from './SideNav';
export { ClearFiltersButton, TagDrawerContext, TagFilterButton, useReportTotal } from './TagDrawer';
