import { PAGE_DESCRIPTIONS } from '@/lib/pageDescriptions';
import type { KindSpec } from './types';

export const project: KindSpec<'project'> = {
  kind: 'project',
  label: '项目',
  key: (item) => `project:${item.id}`,
  trackIds: (item) => (item.project_info ? { project_id: item.project_info.id } : {}),
  pageCodes: {},
  tagModel: 'project',
  pageRoots: ['projects'],
  detailPath: null,
  shareToLink: null,
  discussion: false,
  feed: {
    page: '/projects', api: '/v3.1/github/home/list', title: '项目', description: PAGE_DESCRIPTIONS.projects, layout: 'feed-list',
  },
};
