import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Composer } from './Composer';
import { childrenQuery } from './discussionQueries';
import type { Reply } from '@/api/types';
import { ReplyItem } from './ReplyItem';
import { unique } from './threadCache';
import type { ThreadPlace } from './replyActions';

/**
 * A top-level reply with its children listed flat under it (a reply to a child says 回复 @name), the
 * first few as the thread sent them; 查看全部 N 条回复 asks for all of them, 加载更多 for the next page.
 * 回复 opens a composer under the block.
 */
export function ReplyBlock({ top, place, target, seek = false, onQuote }: {
  top: Reply; place: ThreadPlace; target?: string;
  /** the address names a reply not found on the page: open the hidden children, it may be among them */
  seek?: boolean;
  onQuote: (reply: Reply) => void;
}) {
  const [opened, setOpen] = useState(false);
  const open = opened || (seek && top.children_count > top.children.length);
  const [answering, setAnswering] = useState<Reply | null>(null);
  const more = useInfiniteQuery(childrenQuery(top.id, open));
  const children = useMemo(
    () => unique(open && more.data ? more.data.pages.flatMap((p) => p.replies) : top.children),
    [open, more.data, top.children],
  );
  const childPlace = { ...place, parentId: top.id };
  const hidden = top.children_count - children.length;
  return (
    <li className="reply-block">
      <ReplyItem reply={top} place={place} target={target} onReply={setAnswering} onQuote={onQuote} />
      {(children.length > 0 || answering) && (
        <div className="reply-block__children">
          {children.map((child) => (
            <ReplyItem key={child.id} reply={child} place={childPlace} target={target} onReply={setAnswering} onQuote={onQuote} />
          ))}
          {!open && hidden > 0 && (
            <button type="button" className="reply-block__more" onClick={() => setOpen(true)}>查看全部 {top.children_count} 条回复</button>
          )}
          {open && more.hasNextPage && (
            <button type="button" className="reply-block__more" disabled={more.isFetchingNextPage} onClick={() => void more.fetchNextPage()}>加载更多</button>
          )}
          {answering && (
            <Composer key={answering.id} place={childPlace} replyTo={answering} onDone={() => setAnswering(null)} compact autoFocus />
          )}
        </div>
      )}
    </li>
  );
}
