export type ContentType = 'story' | 'paper' | 'event' | 'project';
export type PageType = ContentType | 'ranking';

export interface TagName {
  id: string | number;
  title: string;
  highlighted?: boolean;
}

export interface StoryInfo {
  id: number;
  title: string;
  title_html?: string;
  summary?: string;
  cover_url?: string | null;
  created_at: string;
  user_id?: number | null;
  user_name?: string | null;
  user_avatar?: string | null;
  is_expert?: boolean;
  story_show_user_name?: boolean;
  source_id?: string;
  final_score?: number;
  remark_count?: number;
  view_count?: number;
  tag_names?: TagName[];
  is_voted?: boolean;
  is_marked?: boolean;
  is_reported?: boolean;
  can_editor?: boolean;
  can_delete?: boolean;
  session_user_id?: number | null;
  content?: string;
}

export interface EventInfo {
  id: number;
  name: string; // HTML (escaped by the server except <em>)
  oldName?: string;
  ac_name?: string;
  ac_img?: string | null;
  title?: string;
  brief?: string;
  image_url?: string | null;
  address?: string;
  company?: string;
  start_time?: string;
  end_time?: string;
  time_desc?: string;
  button_msg?: string;
  icon_msg?: '报名中' | '直播' | null;
  color_status?: 'open' | 'live' | 'ended';
  tag_names?: TagName[];
}

export interface PaperInfo {
  id: number;
  arxiv_id?: string;
  arxiv_version?: number;
  title: string;
  title_html?: string;
  title_cn?: string | null;
  title_cn_html?: string | null;
  abstract?: string;
  summary_cn?: string;
  authors?: string[];
  published_at?: string;
  hotness?: number;
  url?: string;
  pdf_url?: string;
  tag_names?: TagName[];
}

export interface ProjectInfo {
  id: number;
  repo: string;
  owner?: string;
  name?: string;
  title_html?: string;
  description?: string;
  description_cn?: string;
  language?: string;
  stars?: number;
  forks?: number;
  topics?: string[];
  url?: string;
  created_at?: string;
  tag_names?: TagName[];
}

export interface FeedItem {
  type: ContentType;
  id: number;
  is_event: boolean;
  story_id: number | null;
  source?: unknown;
  story_info: StoryInfo | null;
  event_info: EventInfo | null;
  paper_info: PaperInfo | null;
  project_info: ProjectInfo | null;
  highlight?: Record<string, string[]>;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  hasNextPage: boolean;
}

export interface RankingRow {
  rank: number;
  id: number;
  name: string;
  avatar_url?: string | null;
  score: number;
  is_expert?: boolean;
  arxiv_name?: string | null;
}

export interface Totals {
  all: number;
  story: number;
  paper: number;
  event: number;
  project: number;
}

export interface LoginInfo {
  id: number;
  name: string;
  avatar_url?: string;
  exts?: { arxiv_name?: string; activity_sheet?: unknown[] };
}

export type SortValue = 'hot' | 'new';
export type TimeValue = 'day' | '3day' | 'week' | 'month';
