import type { FeedItem } from '@/api/types';
import { EventCard, SearchEventCard } from '@/features/event';
import { PaperCard } from '@/features/paper';
import { ProjectCard } from '@/features/project';
import { StoryCard } from '@/features/story';

/** Picks the kind's card for a feed item; `search` uses the read-only event card and shows the kind. */
export function FeedCard({ item, search = false }: { item: FeedItem; search?: boolean }) {
  const summary = item.highlight?.summary?.[0];
  if (item.event_info) {
    return search ? <SearchEventCard event={item.event_info} summaryHtml={summary} /> : <EventCard event={item.event_info} />;
  }
  if (item.paper_info) return <PaperCard paper={item.paper_info} summaryHtml={summary} kind={search} />;
  if (item.project_info) return <ProjectCard project={item.project_info} summaryHtml={summary} kind={search} />;
  if (item.story_info) return <StoryCard story={item.story_info} summaryHtml={summary} />;
  return null;
}
