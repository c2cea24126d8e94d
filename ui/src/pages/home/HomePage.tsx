import { FeedPage } from './FeedPage';

/** `/`: the columns (stories) feed. */
export default function HomePage() {
  return <FeedPage type="story" />;
}
