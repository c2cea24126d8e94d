import { useRef } from 'react';
import type { FeedItem } from '@/api/types';
import { EventCard, SearchEventCard } from '@/features/event';
import { LinkStatusCard } from '@/features/link';
import { PaperCard } from '@/features/paper';
import { ProjectCard } from '@/features/project';
import { StoryCard } from '@/features/story';
import { useTrackedList } from '@/hooks/useTracking';
import { itemKey, payloadOf, trackIds } from '@/kinds';
import type { TrackIds } from '@/lib/tracking';

/** Each kind's card (the registry in src/kinds stays free of React); an item without its payload renders none. */
function KindCard({ item, search }: { item: FeedItem; search: boolean }) {
  const summary = item.highlight?.summary?.[0];
  const payload = payloadOf(item);
  if (!payload.info) return null;
  switch (payload.kind) {
    case 'event':
      return search ? <SearchEventCard event={payload.info} summaryHtml={summary} /> : <EventCard event={payload.info} />;
    case 'paper': return <PaperCard paper={payload.info} summaryHtml={summary} kind={search} />;
    case 'project': return <ProjectCard project={payload.info} summaryHtml={summary} kind={search} />;
    case 'story': return <StoryCard story={payload.info} summaryHtml={summary} kind={search} />;
    case 'link': return <LinkStatusCard status={payload.info} summaryHtml={summary} />;
    default: return payload satisfies never;
  }
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
