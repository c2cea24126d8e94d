import { PAGE_DESCRIPTIONS } from '@/lib/pageDescriptions';
import type { KindSpec } from './types';

export const event: KindSpec<'event'> = {
  kind: 'event',
  label: '活动',
  key: (item) => `event:${item.event_info?.id ?? item.id}`,
  trackIds: (item) => (item.event_info ? { event_id: item.event_info.id } : {}),
  // events are tagged like stories
  pageCodes: {},
  tagModel: 'story',
  pageRoots: ['events'],
  // an event opens through EventLink (the hub's page or the events site), not a router link
  detailPath: null,
  shareToLink: null,
  discussion: false,
  feed: { page: '/events', api: '/v1/events', title: '活动', description: PAGE_DESCRIPTIONS.events, layout: 'feed-grid' },
};
