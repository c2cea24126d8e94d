/** What a member does in a thread: reply (or quote), like with its undo, report with its undo, delete. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReportInput } from '@/features/story';
import type { DiscussionKind } from '@/kinds';
import { toast } from '@/lib/toast';
import { deleteReply, likeReply, postReply, reportReply, unreportReply } from './discussionQueries';
import type { Reply, ReplyBody } from '@/api/types';
import { addReply, patchReply, removeReply } from './threadCache';

export const POSTED_OK = '评论成功';
export const REPORTED_OK = '举报成功';
export const UNREPORTED_OK = '取消举报成功';
export const DELETED_OK = '删除成功';

/** The thread a reply belongs to: its item, and its top-level reply when it is a child. */
export interface ThreadPlace {
  kind: DiscussionKind;
  itemId: string;
  parentId?: string;
}

/** A like as shown: the count never below 0. */
export type LikeView = { liked: boolean; like_count: number };

export const toggledLike = (s: LikeView): LikeView =>
  s.liked ? { liked: false, like_count: Math.max(0, s.like_count - 1) } : { liked: true, like_count: s.like_count + 1 };

/** 赞 and its undo: shown at once, settled by the server's answer, put back when the call fails. */
export function useReplyLike(reply: Pick<Reply, 'id' | 'liked' | 'like_count'>) {
  const { id, liked, like_count: count } = reply;
  const [state, setState] = useState<LikeView>({ liked, like_count: count });
  // a fresh read of the thread wins over what this button last showed
  useEffect(() => {
    setState({ liked, like_count: count });
  }, [id, liked, count]);
  const mutation = useMutation({
    mutationFn: (before: LikeView) => likeReply(id, !before.liked),
    onMutate: (before) => setState(toggledLike(before)),
    onSuccess: (answer) => setState({ liked: answer.liked, like_count: answer.like_count }),
    onError: (_error, before) => setState(before),
  });
  return { state, toggle: () => { if (!mutation.isPending) mutation.mutate(state); } };
}

/** Posts a reply; it shows at once in its place (top of the thread, or under its top-level reply). */
export function usePostReply(place: ThreadPlace) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyBody) => postReply(place.kind, place.itemId, body),
    onSuccess: ({ data, msg }) => {
      addReply(client, place.kind, place.itemId, data, place.parentId);
      toast(msg || POSTED_OK, 'success');
    },
  });
}

/**
 * The story's report dialog's answer, sent as a reply's report (its link is `link`), and its undo
 * (取消举报); the reply then shows 已举报 or 举报 wherever it is on screen.
 */
export function useReportReply(replyId: string, place: ThreadPlace) {
  const client = useQueryClient();
  const settle = (reported: boolean) => patchReply(client, place.kind, place.itemId, replyId, { reported }, place.parentId);
  const up = useMutation({
    mutationFn: ({ type, url, remark }: ReportInput) => reportReply(replyId, { type, ...(url ? { link: url } : {}), ...(remark ? { remark } : {}) }),
    onSuccess: ({ msg }) => {
      settle(true);
      toast(msg || REPORTED_OK, 'success');
    },
  });
  const down = useMutation({
    mutationFn: () => unreportReply(replyId),
    onSuccess: ({ msg }) => {
      settle(false);
      toast(msg || UNREPORTED_OK, 'success');
    },
  });
  return { up, down };
}

/** Deletes a reply (an editor's delete of another's carries the reason the author is sent). */
export function useDeleteReply(replyId: string, place: ThreadPlace) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) => deleteReply(replyId, reason),
    onSuccess: ({ msg }) => {
      removeReply(client, place.kind, place.itemId, replyId, place.parentId);
      toast(msg || DELETED_OK, 'success');
    },
  });
}
