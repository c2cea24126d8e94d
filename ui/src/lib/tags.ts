/** The static tag groups, shared with the API (data/tags.json). */
import raw from '@data/tags.json';
import { KINDS, type TagModel } from '@/kinds';
import type { PageType } from './contentType';

export interface Tag {
  id: string;
  label: string;
  description?: string;
  description_cn?: string;
  model?: Partial<Record<TagModel, string>>;
}

export interface TagGroup {
  id: string;
  title: string;
  icon: string;
  limit: number;
  children: Tag[];
}

export const TAG_GROUPS: TagGroup[] = (raw as { groups: TagGroup[] }).groups;

export const TAGS_BY_ID: Map<string, Tag> = new Map(TAG_GROUPS.flatMap((g) => g.children.map((t) => [t.id, t] as const)));

/** Side navigation shows 5 tags of a section before it is expanded. */
export const SIDE_NAV_VISIBLE = 5;

/**
 * A tag has a known origin for a content type when its model maps to a code for the kind's tag mapping
 * (src/kinds: events use the story mapping; the rankings page too).
 */
export function tagEnabled(tag: Tag, type: PageType): boolean {
  if (!tag.model) return false;
  const key = (type === 'ranking' ? null : KINDS[type].tagModel) ?? 'story';
  return Boolean(tag.model[key]);
}

export function tagLabel(id: string): string {
  return TAGS_BY_ID.get(id)?.label ?? id;
}
