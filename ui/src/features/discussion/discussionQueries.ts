/**
 * A story's or paper's discussion (issue 34, item 1): the thread page by page, a reply's further
 * children, and what a member does (reply, quote, like, report and its undo, delete) through the typed client.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { DiscussionKind } from '@/kinds';
import { api } from '@/lib/requestApi';
import type { ReplyBody, ReplyReportBody } from '@/api/types';

export type ThreadOrder = 'new' | 'hot';

/** Top-level replies a page (the server's default) and children shown under each at first. */
export const THREAD_SIZE = 10;
export const CHILDREN_SIZE = 10;

/** Every query of one item's thread starts with this key (both orders). */
export const threadKey = (kind: DiscussionKind, itemId: string) => ['discussion', kind, itemId] as const;
export const childrenKey = (replyId: string) => ['discussion-children', replyId] as const;

export const threadQuery = (kind: DiscussionKind, itemId: string, order: ThreadOrder) =>
  infiniteQueryOptions({
    queryKey: [...threadKey(kind, itemId), order],
    queryFn: ({ pageParam, signal }) =>
      api.get('/v1/discussions/{kind}/{item_id}', {
        params: { path: { kind, item_id: itemId }, query: { order, page: pageParam, size: THREAD_SIZE } },
      }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total_top && last.replies.length > 0 ? last.page + 1 : undefined),
    enabled: Boolean(itemId),
  });

/** GET /v1/replies/{id}/children: all of a reply's children, oldest first, asked for once 查看全部 is clicked. */
export const childrenQuery = (replyId: string, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: childrenKey(replyId),
    queryFn: ({ pageParam, signal }) =>
      api.get('/v1/replies/{reply_id}/children', {
        params: { path: { reply_id: replyId }, query: { page: pageParam, size: CHILDREN_SIZE } },
      }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total && last.replies.length > 0 ? last.page + 1 : undefined),
    enabled,
  });

export const postReply = (kind: DiscussionKind, itemId: string, body: ReplyBody) =>
  api.write('post', '/v1/discussions/{kind}/{item_id}', { params: { path: { kind, item_id: itemId } }, body });

export const likeReply = (replyId: string, like: boolean) =>
  api.post(like ? '/v1/replies/{reply_id}/like' : '/v1/replies/{reply_id}/unlike', { params: { path: { reply_id: replyId } } });

export const reportReply = (replyId: string, body: ReplyReportBody) =>
  api.write('post', '/v1/replies/{reply_id}/report', { params: { path: { reply_id: replyId } }, body });

export const unreportReply = (replyId: string) =>
  api.write('post', '/v1/replies/{reply_id}/unreport', { params: { path: { reply_id: replyId } } });

export const deleteReply = (replyId: string, reason?: string) =>
  api.write('post', '/v1/replies/{reply_id}/delete', { params: { path: { reply_id: replyId } }, body: reason ? { reason } : {} });
