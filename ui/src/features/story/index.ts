/** The story kind: what other features may use (pages are loaded lazily by app/App.tsx). */
export { StoryCard } from './StoryCard';
export { REPORT_REASONS } from './reportRules';
/** Reporting and deleting what a member wrote: the dialogs the story's actions use, for replies too. */
export { ReportDialog, type ReportInput } from './ReportDialog';
export { DeleteDialog, type ReasonRule } from './DeleteDialog';
export { PC_ONLY, reportsHere } from './StoryActions';
