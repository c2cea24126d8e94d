// Complete API payloads for unit tests: every field the OpenAPI document marks required, overridable.
import type { EventInfo, LinkInfo, PaperInfo, ProjectInfo, StoryInfo } from '@/api/types';

export const storyInfo = (over: Partial<StoryInfo> = {}): StoryInfo => ({
  id: 1, title: 't', title_html: 't', created_at: '2026-01-01T00:00:00Z',
  user_id: null, user_name: null, user_avatar: null, is_anonymous: true, author_name: '匿名', is_expert: false,
  tag_names: [], is_voted: false, is_marked: false, is_reported: false, can_editor: false, can_delete: false,
  session_user_id: null, comment_count: 0,
  ...over,
});

export const paperInfo = (over: Partial<PaperInfo> = {}): PaperInfo => ({
  id: 1, title: 'p', title_html: 'p', tag_names: [], comment_count: 0,
  ...over,
});

export const eventInfo = (over: Partial<EventInfo> = {}): EventInfo => ({
  id: 1, name: 'e', oldName: 'e', title_html: 'e', color_status: 'open',
  start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-01T02:00:00Z', tag_names: [],
  ...over,
});

export const linkInfo = (over: Partial<LinkInfo> = {}): LinkInfo => ({
  id: 1, content: 's', title_html: 's', tag_names: [],
  ...over,
});

export const projectInfo = (over: Partial<ProjectInfo> = {}): ProjectInfo => ({
  id: 1, repo: 'o/r', title_html: 'o/r', tag_names: [],
  ...over,
});
