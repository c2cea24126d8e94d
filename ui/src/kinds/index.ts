/**
 * The UI's registry of content kinds (spec section 3): one module per kind says its item key, pages,
 * feed endpoint, labels, tracking ids and tag mapping. Code that branches on a kind looks it up here;
 * a new kind in the API's FeedItem.type enum is a type error here until it has a module.
 * The cards are the features' (features/feed/kindCards.tsx picks one per kind), so this folder stays
 * free of React and of features, and the entry chunk (app/prefetch.ts) can use it.
 */
import type { FeedItem } from '@/api/types';
import type { TrackIds } from '@/lib/tracking';
import { event } from './event';
import { link } from './link';
import { paper } from './paper';
import { project } from './project';
import { story } from './story';
import type { FeedSpec, Kind, KindSpec } from './types';

export type { FeedSpec, Kind, KindSpec, TagModel } from './types';

/** Every kind, keyed by its name; the mapped type makes a missing kind a type error. */
export const KINDS: { readonly [K in Kind]: KindSpec<K> } = { story, paper, event, project, link };

/** The kinds in the API's order (the search tabs' order). */
export const KIND_LIST: readonly KindSpec[] = [KINDS.story, KINDS.paper, KINDS.event, KINDS.project, KINDS.link];

/** Kinds with a feed page of their own (/, /events, /papers, /projects). */
export type FeedKind = Exclude<Kind, 'link'>;

/** The kinds with a feed page, in the registry's order (the app's feed routes come from these). */
export const FEED_KINDS: readonly FeedKind[] = KIND_LIST.filter((spec): spec is KindSpec<FeedKind> => spec.feed !== null).map((spec) => spec.kind);

/** A kind whose items can be shared into the link feed (/shareToLink). */
export type ShareKind = 'story' | 'paper';

/** The shareable kind `value` names; undefined for any other (an old or forged link). */
export function shareKindOf(value: string | null): ShareKind | undefined {
  return isKind(value) && KINDS[value].shareToLink !== null ? (value as ShareKind) : undefined;
}

/** A kind whose items carry a discussion thread (the story and paper pages). */
export type DiscussionKind = 'story' | 'paper';

/** The discussion kind `value` names; undefined for any other (a message of a kind this UI does not know). */
export function discussionKindOf(value: string | null | undefined): DiscussionKind | undefined {
  return isKind(value) && KINDS[value].discussion ? (value as DiscussionKind) : undefined;
}

/** The anchor of one reply on its item's page (`#reply-{id}`: the page scrolls to it and marks it). */
export const replyAnchor = (replyId: string | number): string => `reply-${replyId}`;

/** The thread's anchor on an item's page (评论 N on a card opens the page there). */
export const DISCUSSION_ANCHOR = 'discussion';

/** Where a reply is read: its item's page at the reply's anchor (undefined: an item without a page here). */
export function replyPath(kind: string | null | undefined, itemId: string | number | null | undefined, replyId?: string | number | null): string | undefined {
  const spec = discussionKindOf(kind);
  const page = spec ? KINDS[spec].detailPath : null;
  if (!page || itemId === null || itemId === undefined || itemId === '') return undefined;
  return replyId === null || replyId === undefined || replyId === '' ? page(itemId) : `${page(itemId)}#${replyAnchor(replyId)}`;
}

export function isKind(value: unknown): value is Kind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(KINDS, value);
}

/** The feed of a kind that has one. */
export function feedOf(kind: FeedKind): FeedSpec {
  const feed = KINDS[kind].feed;
  if (!feed) throw new Error(`kind ${kind} has no feed`);
  return feed;
}

/** The kind whose feed page is at `pathname` (undefined: none). */
export function kindOfFeedPage(pathname: string): FeedKind | undefined {
  return KIND_LIST.find((spec): spec is KindSpec<FeedKind> => spec.feed?.page === pathname)?.kind;
}

/** The kind whose pages start with the path segment `root` (undefined: none claims it). */
export function kindOfPageRoot(root: string): Kind | undefined {
  return KIND_LIST.find((spec) => spec.pageRoots.includes(root))?.kind;
}

/** The beacons' page code a kind gives the pages under the path segment `root` (undefined: no kind's page). */
export function kindPageCode(root: string): string | undefined {
  for (const spec of KIND_LIST) {
    if (Object.prototype.hasOwnProperty.call(spec.pageCodes, root)) return spec.pageCodes[root];
  }
  return undefined;
}

/** De-duplication and React key of a feed item: the kind's own key, so the same id in two kinds is two items. */
export const itemKey = (item: FeedItem): string => KINDS[item.type].key(item);

/** The ids a tracking beacon carries for a feed item. */
export const trackIds = (item: FeedItem): TrackIds => KINDS[item.type].trackIds(item);

/** The item's payload for its kind: the one `*_info` the API fills. */
export function payloadOf(item: FeedItem) {
  const kind = item.type;
  switch (kind) {
    case 'story': return { kind, info: item.story_info } as const;
    case 'paper': return { kind, info: item.paper_info } as const;
    case 'event': return { kind, info: item.event_info } as const;
    case 'project': return { kind, info: item.project_info } as const;
    case 'link': return { kind, info: item.link_info } as const;
    default: return kind satisfies never;
  }
}
