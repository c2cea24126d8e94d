/** The paper kind: what other features may use (pages are loaded lazily by app/App.tsx). */
export { PaperCard } from './PaperCard';
