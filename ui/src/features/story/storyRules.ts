/**
 * The editor's rules: the API document's (StoryBody: title ≤ 200, summary ≤ 500, tags ≤ 5, and the
 * server's messages), plus each tag group's limit from the tag groups the API shares (data/tags.json).
 */
import { BODY_RULES } from '@/api/rules';
import type { components } from '@/api/schema';
import { TAG_GROUPS, TAGS_BY_ID } from '@/lib/tags';
import { isPictureUrl } from '@/lib/url';

const RULES = BODY_RULES.StoryBody;

export const TITLE_MAX = RULES.title.maxLength;
export const SUMMARY_MAX = RULES.summary.maxLength;
export const TAGS_MAX = RULES.tags.maxItems;

export const EDITOR_MSG = {
  titleRequired: RULES.title.messages.required,
  titleMax: RULES.title.messages.maxLength,
  contentRequired: RULES.content.messages.required,
  summaryMax: RULES.summary.messages.maxLength,
  coverFormat: RULES.cover_url.messages.format,
  tagsMax: RULES.tags.messages.maxItems,
  tagUnknown: RULES.tags.messages.enum,
} as const;

export interface StoryForm {
  title: string;
  /** HTML from the editor */
  content: string;
  /** the editor's plain text (empty = no content) */
  text: string;
  summary: string;
  cover_url: string;
  tags: string[];
  story_show_user_name: boolean;
}

export type StoryErrors = Partial<Record<'title' | 'content' | 'summary' | 'cover_url' | 'tags', string>>;

const len = (s: string) => [...s].length;

/** The group a tag belongs to. */
export const groupOf = (tagId: string) => TAG_GROUPS.find((g) => g.children.some((t) => t.id === tagId));

/** Whether one more tag may be picked (total ≤ 5, the tag's group under its limit). */
export function canAddTag(selected: string[], tagId: string): boolean {
  if (selected.includes(tagId)) return true;
  if (selected.length >= TAGS_MAX) return false;
  const group = groupOf(tagId);
  if (!group) return false;
  return selected.filter((t) => groupOf(t)?.id === group.id).length < group.limit;
}

export function validateStory(f: StoryForm): StoryErrors {
  const e: StoryErrors = {};
  const title = f.title.trim();
  if (!title) e.title = EDITOR_MSG.titleRequired;
  else if (len(title) > TITLE_MAX) e.title = EDITOR_MSG.titleMax;
  if (!f.text.trim() && !/<img\b/i.test(f.content)) e.content = EDITOR_MSG.contentRequired;
  if (len(f.summary.trim()) > SUMMARY_MAX) e.summary = EDITOR_MSG.summaryMax;
  if (f.cover_url.trim() && !isPictureUrl(f.cover_url.trim())) e.cover_url = EDITOR_MSG.coverFormat;
  if (f.tags.length > TAGS_MAX) e.tags = EDITOR_MSG.tagsMax;
  else if (f.tags.some((t) => !TAGS_BY_ID.has(t))) e.tags = EDITOR_MSG.tagUnknown;
  else {
    for (const g of TAG_GROUPS) {
      if (f.tags.filter((t) => groupOf(t)?.id === g.id).length > g.limit) e.tags = `${g.title}最多选择${g.limit}个标签`;
    }
  }
  return e;
}

/** Body of POST /v1/stories and PUT /v1/stories/{id}. */
export type StoryBody = components['schemas']['StoryBody'];

export function toBody(f: StoryForm): StoryBody {
  const summary = f.summary.trim();
  const cover = f.cover_url.trim();
  return {
    title: f.title.trim(),
    content: f.content,
    ...(summary ? { summary } : {}),
    ...(cover ? { cover_url: cover } : {}),
    tags: f.tags,
    story_show_user_name: f.story_show_user_name,
  };
}
