import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/Icon/Icon';
import { Avatar } from '@/components/Img/Img';
import { useAsMember } from '@/features/auth';
import { DeleteDialog, ReportDialog, reportsHere } from '@/features/story';
import { useDevice } from '@/hooks/useDevice';
import { replyAnchor } from '@/kinds';
import { formatDateTime, formatNumber, formatRelativeTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { serverHtml } from '@/lib/serverHtml';
import { DELETE_REASON_RULE } from './discussionRules';
import type { Reply } from '@/api/types';
import { QuoteBlock } from './QuoteBlock';
import { useDeleteReply, useReplyLike, useReportReply, type ThreadPlace } from './replyActions';

export const GONE = '该评论已删除';

/**
 * One reply: who and when, `回复 @name` when it answers another child, the quoted reply, the server's
 * HTML, and 回复 / 引用 / 赞 N / 举报 (已举报 takes it back) / 删除 (删除 when the server allows it). A tombstone keeps its place.
 */
export function ReplyItem({ reply, place, target, onReply, onQuote }: {
  reply: Reply;
  /** the item, and for a child the top-level reply it hangs under (a reply to that one is not named) */
  place: ThreadPlace;
  /** the reply the page's address points at (#reply-{id}): marked */
  target?: string;
  onReply: (reply: Reply) => void;
  onQuote: (reply: Reply) => void;
}) {
  const asMember = useAsMember();
  const device = useDevice();
  const like = useReplyLike(reply);
  const report = useReportReply(reply.id, place);
  const del = useDeleteReply(reply.id, place);
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const member = (run: () => void) => () => void asMember(run);
  const parentId = place.parentId;
  const name = reply.author?.name || '用户';
  const answers = reply.reply_to && reply.reply_to.id !== parentId ? reply.reply_to : null;
  const likeName = like.state.liked ? '取消赞' : '赞';
  // As the story's: 举报 opens the dialog, 已举报 takes the report back (both desktop only).
  const toggleReport = () => {
    if (!reportsHere(device)) return;
    if (!reply.reported) setReporting(true);
    else if (!report.down.isPending) report.down.mutate();
  };
  return (
    <div id={replyAnchor(reply.id)} className={`reply${parentId ? ' reply--child' : ''}${target === reply.id ? ' reply--target' : ''}`} data-reply-id={reply.id}>
      {reply.deleted ? (
        <p className="reply__gone">{GONE}</p>
      ) : (
        <>
          <div className="reply__head">
            <Avatar src={reply.author?.avatar_url ?? null} name={name} size={parentId ? 24 : 32} />
            {reply.author?.id ? <Link className="reply__name" to={paths.user(reply.author.id)}>{name}</Link> : <span className="reply__name">{name}</span>}
            {answers && <span className="reply__to">回复 <b>@{answers.author_name ?? '用户'}</b></span>}
            <time className="reply__time" dateTime={reply.created_at} title={formatDateTime(reply.created_at)}>{formatRelativeTime(reply.created_at)}</time>
          </div>
          {reply.quote && <QuoteBlock author={reply.quote.author_name} excerpt={reply.quote.excerpt} deleted={reply.quote.deleted} />}
          <div className="reply__body" dangerouslySetInnerHTML={serverHtml(reply.html)} />
          <div className="reply__actions">
            <button type="button" className="reply__action" onClick={member(() => onReply(reply))}><Icon name="comment" size={14} />回复</button>
            <button type="button" className="reply__action" onClick={member(() => onQuote(reply))}>引用</button>
            <button
              type="button" className={`reply__action${like.state.liked ? ' reply__action--on' : ''}`} aria-pressed={like.state.liked}
              aria-label={`${likeName} ${formatNumber(like.state.like_count)}`} title={likeName} onClick={member(like.toggle)}
            >
              <Icon name="thumb" size={14} fill={like.state.liked ? 'currentColor' : 'none'} />赞 {formatNumber(like.state.like_count)}
            </button>
            {!reply.mine && (
              <button
                type="button" className={`reply__action${reply.reported ? ' reply__action--on' : ''}`} aria-pressed={reply.reported}
                title={reply.reported ? '取消举报' : undefined} onClick={member(() => toggleReport())}
              >
                <Icon name="flag" size={14} />{reply.reported ? '已举报' : '举报'}
              </button>
            )}
            {reply.can_delete && (
              <button type="button" className="reply__action reply__action--danger" onClick={() => setDeleting(true)}>
                <Icon name="trash" size={14} />删除
              </button>
            )}
          </div>
        </>
      )}
      {reporting && (
        <ReportDialog open onClose={() => setReporting(false)} pending={report.up.isPending} onSubmit={(r) => report.up.mutate(r, { onSuccess: () => setReporting(false) })} />
      )}
      {deleting && (
        <DeleteDialog
          title={reply.mine ? '删除评论' : '删除他人评论'} own={reply.mine} open onClose={() => setDeleting(false)} pending={del.isPending}
          reasonRule={DELETE_REASON_RULE} onDelete={(reason) => del.mutate(reason, { onSuccess: () => setDeleting(false) })}
        />
      )}
    </div>
  );
}
