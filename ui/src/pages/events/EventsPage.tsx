import { FeedPage } from '../home/FeedPage';

export default function EventsPage() {
  return <FeedPage type="event" />;
}
