/** The project kind: its card and language label (pages are loaded lazily by app/App.tsx). */
export { ProjectCard } from './ProjectCard';
export { LanguageLabel } from './LanguageLabel';
