import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { DISCUSSION_ANCHOR, replyAnchor, type DiscussionKind } from '@/kinds';
import { formatNumber } from '@/lib/format';
import { Composer } from './Composer';
import { threadQuery, type ThreadOrder } from './discussionQueries';
import type { Reply } from '@/api/types';
import { ReplyBlock } from './ReplyBlock';
import { unique } from './threadCache';
import './Discussion.css';

export const EMPTY = '还没有评论，来发表第一条吧';
/** Pages read looking for the reply the address points at before giving up on it. */
const TARGET_PAGES = 5;

const ORDERS: { value: ThreadOrder; label: string }[] = [{ value: 'new', label: '最新' }, { value: 'hot', label: '最热' }];

/** The reply `#reply-{id}` names ('' when the address names none). */
const targetOf = (hash: string) => (hash.startsWith(`#${replyAnchor('')}`) ? decodeURIComponent(hash.slice(replyAnchor('').length + 1)) : '');

/**
 * 评论 N under a story or a paper (issue 34, item 1): newest or hottest first, a composer (quoting a reply
 * puts it above), top-level replies with their children, 加载更多. An address with #reply-{id} (a message
 * in 消息) scrolls to that reply and marks it.
 */
export function DiscussionSection({ kind, itemId }: { kind: DiscussionKind; itemId: string }) {
  const [order, setOrder] = useState<ThreadOrder>('new');
  const [quote, setQuote] = useState<Reply | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const thread = useInfiniteQuery(threadQuery(kind, itemId, order));
  const { hash } = useLocation();
  const target = targetOf(hash);
  const place = { kind, itemId };
  const pages = thread.data?.pages ?? [];
  const replies = unique(pages.flatMap((p) => p.replies));
  const count = pages[0]?.count ?? 0;

  // The thread (#discussion: 评论 N on a card) or the reply (#reply-{id}) the address names is scrolled to
  // once it is on the page; a reply not found is looked for in further pages, then among hidden children.
  const found = useRef('');
  const [seek, setSeek] = useState(false);
  const anchor = target ? replyAnchor(target) : hash === `#${DISCUSSION_ANCHOR}` ? DISCUSSION_ANCHOR : '';
  useEffect(() => {
    if (!anchor || found.current === anchor || !thread.isSuccess) return;
    const el = document.getElementById(anchor);
    if (el) {
      found.current = anchor;
      el.scrollIntoView?.({ block: target ? 'center' : 'start' });
    } else if (thread.hasNextPage && pages.length < TARGET_PAGES) {
      if (!thread.isFetchingNextPage) void thread.fetchNextPage();
    } else {
      setSeek(true);
    }
  }, [anchor, target, thread, pages.length]);

  const quoteReply = (reply: Reply) => {
    setQuote(reply);
    input.current?.focus();
    input.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  return (
    <section className="discussion" id={DISCUSSION_ANCHOR} aria-labelledby="discussion-title">
      <div className="discussion__head">
        <h2 className="discussion__title" id="discussion-title">评论 {formatNumber(count)}</h2>
        <div className="discussion__orders" role="group" aria-label="评论排序">
          {ORDERS.map((o) => (
            <button key={o.value} type="button" className={`discussion__order${order === o.value ? ' discussion__order--on' : ''}`} aria-pressed={order === o.value} onClick={() => setOrder(o.value)}>
              {o.label}
            </button>
          ))}
        </div>
      </div>
      <Composer place={place} quote={quote} onClearQuote={() => setQuote(null)} inputRef={input} />
      {thread.isLoading ? <PageLoading /> : thread.isError ? (
        <p className="discussion__empty">评论加载失败，<button type="button" className="discussion__retry" onClick={() => void thread.refetch()}>点击重试</button></p>
      ) : replies.length === 0 ? (
        <p className="discussion__empty">{EMPTY}</p>
      ) : (
        <ul className="discussion__list" aria-label="评论列表">
          {replies.map((top) => <ReplyBlock key={top.id} top={top} place={place} target={target} seek={seek} onQuote={quoteReply} />)}
        </ul>
      )}
      {thread.hasNextPage && (
        <button type="button" className="btn btn--plain btn--sm discussion__more" disabled={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
          加载更多
        </button>
      )}
    </section>
  );
}
