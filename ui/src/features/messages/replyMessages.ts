/**
 * Messages about discussion replies (issue 34, item 1): who did what, said from the structured fields,
 * each leading to the reply on its item's page (#reply-{id}) with the reply's excerpt.
 */
import type { Message } from '@/api/types';
import { replyPath } from '@/kinds';

export const REPLY_KINDS = ['reply', 'comment', 'mention', 'reply_deleted'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export const isReplyMessage = (m: Pick<Message, 'kind'>): m is Message & { kind: ReplyKind } =>
  (REPLY_KINDS as readonly string[]).includes(m.kind);

/** The message's line: `X 回复了你的评论`, `X 评论了你的文章`, `X 在评论中提到了你`, `你的评论已被删除，原因：…`. */
export function replyHeadline(m: Pick<Message, 'kind' | 'actor_name' | 'reason'>): string {
  const who = m.actor_name || '有人';
  switch (m.kind) {
    case 'reply': return `${who} 回复了你的评论`;
    case 'comment': return `${who} 评论了你的文章`;
    case 'mention': return `${who} 在评论中提到了你`;
    default: return m.reason ? `你的评论已被删除，原因：${m.reason}` : '你的评论已被删除';
  }
}

/** Where the message leads: the reply on its item's page (undefined: an item this UI has no page for). */
export const replyMessagePath = (m: Pick<Message, 'item_kind' | 'item_id' | 'reply_id'>) => replyPath(m.item_kind, m.item_id, m.reply_id);
