/** The project kind: its card (projects are listed by the feed; they have no page of their own). */
export { ProjectCard } from './ProjectCard';
