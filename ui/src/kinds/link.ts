import type { KindSpec } from './types';

/** Statuses of the link feed: found by search (the 动态 tab), listed on /link by the link feature itself. */
export const link: KindSpec<'link'> = {
  kind: 'link',
  label: '动态',
  key: (item) => `link:${item.id}`,
  // the beacon format has no id for statuses
  trackIds: () => ({}),
  pageCodes: {},
  tagModel: null,
  // /link is laid out as a story page (the stories' tags in its side nav)
  pageRoots: [],
  detailPath: null,
  shareToLink: null,
  discussion: false,
  feed: null,
};
