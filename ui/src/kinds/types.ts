import type { FeedItem } from '@/api/types';
import type { TrackIds } from '@/lib/tracking';

/** A content kind: FeedItem.type, an enum in the API's document (so a switch over it can be exhaustive). */
export type Kind = FeedItem['type'];

/** The tag mapping a kind's tags use (`model` in data/tags.json). */
export type TagModel = 'story' | 'paper' | 'project';

/** A kind's own feed page and the list endpoint behind it (spec section 7). */
export interface FeedSpec {
  /** the in-app page that lists this kind (also what app/prefetch.ts starts early) */
  page: string;
  /** the API's list endpoint (POST), a path of the OpenAPI document under the API base */
  api: '/v1/story/list' | '/v1/events' | '/v3/paper/list' | '/v3.1/github/home/list';
  /** the page's name (its <title>, the list's label) */
  title: string;
  /** what the page says of itself (undefined: the site's description) */
  description?: string;
  /** the list's layout class */
  layout: 'feed-list' | 'feed-grid';
  /** another view of the same kind the feed page links to (papers: 每日论文) */
  companion?: { page: string; title: string };
}

/** Everything the UI knows about one kind; one module per kind under src/kinds/, registered in index.ts. */
export interface KindSpec<K extends Kind = Kind> {
  kind: K;
  /** the kind's name in the search tabs and editors' lists */
  label: string;
  /** de-duplication and React key of a feed item of this kind: always prefixed with the kind */
  key: (item: FeedItem) => string;
  /** the ids a tracking beacon carries for an item of this kind (empty: not tracked) */
  trackIds: (item: FeedItem) => TrackIds;
  /** the beacons' page codes of this kind's own pages, by their first path segment (lib/tracking.ts pageCode) */
  pageCodes: Readonly<Record<string, string>>;
  /** which tag mapping applies (null: the kind's items are not filtered by the tag groups) */
  tagModel: TagModel | null;
  /** first path segments of the in-app pages that belong to this kind (the side nav's kind, tag rules) */
  pageRoots: readonly string[];
  /** the in-app detail page of an item, when the hub has one reached by a router link */
  detailPath: ((id: number | string) => string) | null;
  /**
   * how an item goes into the link feed from /shareToLink (null: it does not): `post` is the member's own
   * status with its title and link (the post id recorded on the item), `publish` the hub posting it once
   */
  shareToLink: 'post' | 'publish' | null;
  /** whether the item's page carries a discussion thread (评论: GET /v1/discussions/{kind}/{item_id}) */
  discussion: boolean;
  feed: FeedSpec | null;
}
