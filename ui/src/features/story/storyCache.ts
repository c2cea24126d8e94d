/**
 * A story appears in many cached queries: its detail (['story', id]) and every list that holds it
 * (feeds, search, similar). These helpers change or remove it everywhere at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { StoryInfo } from '@/api/types';

export type StoryPatch = Partial<Pick<StoryInfo, 'is_voted' | 'final_score' | 'is_marked' | 'remark_count' | 'is_reported'>>;

interface ListLike { list?: unknown[] }
interface ItemLike { story_info?: StoryInfo | null; story_id?: number | null }

function isStory(value: unknown, id: number): value is StoryInfo {
  return Boolean(value) && typeof value === 'object' && (value as StoryInfo).id === id && 'can_editor' in (value as object);
}

/** Maps the feed items of one list; `fn` returns the item, a changed item, or null to drop it. */
function mapList<T extends ListLike>(page: T, fn: (item: ItemLike) => ItemLike | null): T {
  if (!Array.isArray(page.list)) return page;
  let changed = false;
  const list: unknown[] = [];
  for (const raw of page.list) {
    const next = raw && typeof raw === 'object' ? fn(raw as ItemLike) : (raw as ItemLike);
    if (next !== raw) changed = true;
    if (next !== null) list.push(next);
  }
  return changed ? { ...page, list } : page;
}

/** Walks a query's data: a story detail, a {list} page or an infinite {pages: [{list}]}. */
export function mapStoryData(data: unknown, id: number, fn: (s: StoryInfo) => StoryInfo | null): unknown {
  if (!data || typeof data !== 'object') return data;
  const onItem = (item: ItemLike): ItemLike | null => {
    if (!isStory(item.story_info, id)) return item;
    const next = fn(item.story_info);
    if (next === null) return null;
    return next === item.story_info ? item : { ...item, story_info: next };
  };
  if (isStory(data, id)) return fn(data) ?? data;
  const d = data as { pages?: unknown[]; list?: unknown[] };
  if (Array.isArray(d.pages)) {
    let changed = false;
    const pages = d.pages.map((p) => {
      const next = p && typeof p === 'object' ? mapList(p as ListLike, onItem) : p;
      if (next !== p) changed = true;
      return next;
    });
    return changed ? { ...d, pages } : data;
  }
  if (Array.isArray(d.list)) return mapList(d as ListLike, onItem);
  return data;
}

/** Queries the story is not in stay untouched (undefined = no update). */
const unchangedAsUndefined = (before: unknown, after: unknown) => (after === before ? undefined : after);

/** Applies `patch` to the story everywhere it is cached. */
export function patchStory(client: QueryClient, id: number, patch: StoryPatch): void {
  client.setQueriesData({ predicate: () => true }, (data: unknown) => unchangedAsUndefined(data, mapStoryData(data, id, (s) => ({ ...s, ...patch }))));
}

/** Removes the story from every cached list and forgets its detail. */
export function removeStory(client: QueryClient, id: number): void {
  client.removeQueries({ queryKey: ['story', String(id)], exact: true });
  client.setQueriesData({ predicate: () => true }, (data: unknown) => unchangedAsUndefined(data, mapStoryData(data, id, () => null)));
}
