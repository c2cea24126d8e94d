import { useRef } from 'react';
import type { FeedItem } from '@/api/types';
import { EventCard, SearchEventCard } from '@/features/event';
import { LinkStatusCard } from '@/features/link';
import { PaperCard } from '@/features/paper';
import { ProjectCard } from '@/features/project';
import { StoryCard } from '@/features/story';
import { useTrackedList } from '@/hooks/useTracking';
import type { TrackIds } from '@/lib/tracking';
import { itemKey } from './itemKey';

/** The item ids a tracking beacon carries for a feed item. */
export function trackIds(item: FeedItem): TrackIds {
  if (item.event_info) return { event_id: item.event_info.id };
  if (item.paper_info) return { paper_id: item.paper_info.id };
  if (item.project_info) return { project_id: item.project_info.id };
  if (item.story_info) return { story_id: item.story_info.id };
  return {};
}

function KindCard({ item, search }: { item: FeedItem; search: boolean }) {
  const summary = item.highlight?.summary?.[0];
  if (item.event_info) {
    return search ? <SearchEventCard event={item.event_info} summaryHtml={summary} /> : <EventCard event={item.event_info} />;
  }
  if (item.paper_info) return <PaperCard paper={item.paper_info} summaryHtml={summary} kind={search} />;
  if (item.project_info) return <ProjectCard project={item.project_info} summaryHtml={summary} kind={search} />;
  if (item.story_info) return <StoryCard story={item.story_info} summaryHtml={summary} kind={search} />;
  if (item.link_info) return <LinkStatusCard status={item.link_info} summaryHtml={summary} />;
  return null;
}

/** Picks the kind's card for a feed item; `search` uses the read-only event card and shows the kind. */
export function FeedCard({ item, search = false }: { item: FeedItem; search?: boolean }) {
  return <KindCard item={item} search={search} />;
}

/** The tracking ids of the items a list renders (one card each: an item without a payload renders none). */
export function trackedIds(items: FeedItem[]): TrackIds[] {
  return items.map(trackIds).filter((ids) => Object.keys(ids).length > 0);
}

/** A list of feed cards whose items send exposure and click beacons (`module`: feed, search, user). */
export function FeedCards({ items, className = 'feed-list', module, search = false }: { items: FeedItem[]; className?: string; module: string; search?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useTrackedList(ref, module, trackedIds(items));
  return (
    <div ref={ref} className={className}>
      {items.map((item) => <FeedCard key={itemKey(item)} item={item} search={search} />)}
    </div>
  );
}
