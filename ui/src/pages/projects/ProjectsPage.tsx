import { FeedPage } from '../home/FeedPage';

export default function ProjectsPage() {
  return <FeedPage type="project" />;
}
