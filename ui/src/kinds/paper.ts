import { PAGE_DESCRIPTIONS } from '@/lib/pageDescriptions';
import { paths } from '@/lib/paths';
import type { KindSpec } from './types';

export const paper: KindSpec<'paper'> = {
  kind: 'paper',
  label: '论文',
  // one item per arXiv number, whatever row carries it
  key: (item) => `paper:${item.paper_info?.arxiv_id || item.id}`,
  trackIds: (item) => (item.paper_info ? { paper_id: item.paper_info.id } : {}),
  pageCodes: { paper: 'paper_detail', trends: 'paper_trends' },
  tagModel: 'paper',
  pageRoots: ['papers', 'paper', 'trends'],
  detailPath: paths.paper,
  shareToLink: 'publish',
  discussion: true,
  feed: {
    page: '/papers', api: '/v3/paper/list', title: '论文', description: PAGE_DESCRIPTIONS.papers, layout: 'feed-list',
    companion: { page: paths.dailyPapers(), title: '每日论文' },
  },
};
