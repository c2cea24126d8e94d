/**
 * What a member's reply, delete or report does to the thread on screen, written into the query cache so it shows
 * at once in both orders and in a reply's opened children (the server's next read agrees with it).
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { DiscussionKind } from '@/kinds';
import { childrenKey, threadKey } from './discussionQueries';
import type { ChildrenPage, Reply, ThreadPage } from '@/api/types';

type Thread = InfiniteData<ThreadPage, unknown>;
type Children = InfiniteData<ChildrenPage, unknown>;

function updateThreads(client: QueryClient, kind: DiscussionKind, itemId: string, fn: (pages: ThreadPage[]) => ThreadPage[]) {
  client.setQueriesData<Thread>({ queryKey: threadKey(kind, itemId) }, (data) => (data ? { ...data, pages: fn(data.pages) } : data));
}

function updateChildren(client: QueryClient, parentId: string, fn: (pages: ChildrenPage[]) => ChildrenPage[]) {
  client.setQueryData<Children>(childrenKey(parentId), (data) => (data ? { ...data, pages: fn(data.pages) } : data));
}

const withCount = (page: ThreadPage, index: number, delta: number, topDelta: number): ThreadPage =>
  index === 0 ? { ...page, count: Math.max(0, page.count + delta), total_top: Math.max(0, page.total_top + topDelta) } : page;

/** A new reply: first at the top of the thread, or last under its top-level reply (`parentId`). */
export function addReply(client: QueryClient, kind: DiscussionKind, itemId: string, reply: Reply, parentId?: string) {
  if (!parentId) {
    updateThreads(client, kind, itemId, (pages) =>
      pages.map((page, i) => withCount(i === 0 ? { ...page, replies: [reply, ...page.replies] } : page, i, 1, 1)));
    return;
  }
  updateThreads(client, kind, itemId, (pages) =>
    pages.map((page, i) => withCount({
      ...page,
      replies: page.replies.map((top) =>
        top.id === parentId ? { ...top, children: [...top.children, reply], children_count: top.children_count + 1 } : top),
    }, i, 1, 0)));
  updateChildren(client, parentId, (pages) =>
    pages.map((page, i) => (i === pages.length - 1 ? { ...page, replies: [...page.replies, reply], total: page.total + 1 } : { ...page, total: page.total + 1 })));
}

/** What a deleted reply leaves: a tombstone (该评论已删除) when replies hang under it, else nothing. */
export const tombstone = (reply: Reply): Reply => ({
  ...reply, deleted: true, text: '', html: '', liked: false, can_delete: false, mine: false, quote: null,
});

/** A deleted reply leaves the thread (or stays as a tombstone over its children); the count drops by one. */
export function removeReply(client: QueryClient, kind: DiscussionKind, itemId: string, replyId: string, parentId?: string) {
  const drop = (list: Reply[]) => list.flatMap((r) => (r.id !== replyId ? [r] : r.children_count > 0 ? [tombstone(r)] : []));
  updateThreads(client, kind, itemId, (pages) => {
    const wasTop = !parentId && pages.some((p) => p.replies.some((r) => r.id === replyId && r.children_count === 0));
    return pages.map((page, i) => withCount({
      ...page,
      replies: drop(page.replies).map((top) => (top.id === parentId
        ? { ...top, children: drop(top.children), children_count: Math.max(0, top.children_count - 1) }
        : top)),
    }, i, -1, wasTop ? -1 : 0));
  });
  if (parentId) updateChildren(client, parentId, (pages) => pages.map((page) => ({ ...page, replies: drop(page.replies), total: Math.max(0, page.total - 1) })));
}

/** A change to one reply (the viewer's report state) wherever it shows: the thread's pages, its children. */
export function patchReply(client: QueryClient, kind: DiscussionKind, itemId: string, replyId: string, patch: Partial<Reply>, parentId?: string) {
  const apply = (r: Reply): Reply => (r.id === replyId ? { ...r, ...patch } : r);
  updateThreads(client, kind, itemId, (pages) =>
    pages.map((page) => ({ ...page, replies: page.replies.map((top) => ({ ...apply(top), children: top.children.map(apply) })) })));
  if (parentId) updateChildren(client, parentId, (pages) => pages.map((page) => ({ ...page, replies: page.replies.map(apply) })));
}

/** Replies by id, first kept: a reply just posted may come back in a later page too. */
export function unique(replies: Reply[]): Reply[] {
  const seen = new Set<string>();
  return replies.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}
