/** The story kind: what other features may use (pages are loaded lazily by app/App.tsx). */
export { StoryCard } from './StoryCard';
export { REPORT_REASONS } from './reportRules';
