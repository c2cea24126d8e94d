import type { Suggestion } from '@/api/types';
import { KINDS } from '@/kinds';
import { paths } from '@/lib/paths';

/** The kinds a suggestion can be: stories, papers, projects, events and people. */
export type SuggestType = Suggestion['type'];

/** The kind's name beside a suggested row: the kinds registry's labels; people are not a content kind. */
export const SUGGEST_LABELS: Readonly<Record<SuggestType, string>> = {
  story: KINDS.story.label,
  paper: KINDS.paper.label,
  project: KINDS.project.label,
  event: KINDS.event.label,
  person: '用户',
};

export interface SuggestTarget {
  type: SuggestType;
  id: number;
  url: string;
}

/** Where a chosen suggestion goes: the item's page here, or a project's repository (in a new tab). */
export function suggestionHref({ type, id, url }: SuggestTarget): { href: string; newTab: boolean } {
  switch (type) {
    case 'story': return { href: paths.story(id), newTab: false };
    case 'paper': return { href: paths.paper(id), newTab: false };
    case 'event': return { href: paths.event(id), newTab: false };
    case 'person': return { href: paths.user(id), newTab: false };
    case 'project': return { href: url, newTab: true };
    default: return type satisfies never;
  }
}
