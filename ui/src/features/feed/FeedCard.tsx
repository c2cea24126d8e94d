import type { FeedItem } from '@/lib/types';
import { StoryCard } from './StoryCard';
import { EventCard, SearchEventCard } from './EventCard';
import { PaperCard } from './PaperCard';
import { ProjectCard } from './ProjectCard';

/** Picks the card for a feed item; `search` uses the read-only event card and shows the kind. */
export function FeedCard({ item, search = false, selected }: { item: FeedItem; search?: boolean; selected?: string[] }) {
  const summary = item.highlight?.summary?.[0];
  if ((item.is_event || item.type === 'event') && item.event_info) {
    return search ? <SearchEventCard event={item.event_info} summaryHtml={summary} /> : <EventCard event={item.event_info} />;
  }
  if (item.type === 'paper' && item.paper_info) return <PaperCard paper={item.paper_info} summaryHtml={summary} selected={selected} kind={search} />;
  if (item.type === 'project' && item.project_info) return <ProjectCard project={item.project_info} summaryHtml={summary} selected={selected} kind={search} />;
  if (item.story_info) return <StoryCard story={item.story_info} summaryHtml={summary} selected={selected} />;
  return null;
}
