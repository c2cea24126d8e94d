import { FeedPage } from '../home/FeedPage';

export default function PapersPage() {
  return <FeedPage type="paper" />;
}
