import type { FeedItem } from '@/api/types';

/** De-duplication key of a feed item (spec section 4): story_id, event id, arXiv number (or id), and the
 * kind's own id for every other kind (a link status #5 and story #5 are two items). */
export function itemKey(item: FeedItem): string {
  if (item.is_event) return `event:${item.event_info?.id ?? item.id}`;
  if (item.type === 'paper') return `paper:${item.paper_info?.arxiv_id || item.id}`;
  if (item.type === 'story') return `story:${item.story_id ?? item.id}`;
  return `${item.type}:${item.id}`;
}
