import { paths } from '@/lib/paths';
import type { KindSpec } from './types';

export const story: KindSpec<'story'> = {
  kind: 'story',
  label: '文章',
  key: (item) => `story:${item.story_id ?? item.id}`,
  trackIds: (item) => (item.story_info ? { story_id: item.story_info.id } : {}),
  pageCodes: { view: 'story_detail' },
  tagModel: 'story',
  // the home page, and every page no kind claims, is the stories' too (lib/contentType.ts)
  pageRoots: ['view'],
  detailPath: paths.story,
  shareToLink: 'post',
  discussion: true,
  feed: { page: '/', api: '/v1/story/list', title: '专栏', layout: 'feed-list' },
};
