import type { FeedItem } from '@/api/types';

/** De-duplication key of a feed item (spec section 4): story_id, event id, arXiv number (or id). */
export function itemKey(item: FeedItem): string {
  if (item.is_event) return `event:${item.event_info?.id ?? item.id}`;
  if (item.type === 'paper') return `paper:${item.paper_info?.arxiv_id || item.id}`;
  if (item.type === 'project') return `project:${item.id}`;
  return `story:${item.story_id ?? item.id}`;
}
