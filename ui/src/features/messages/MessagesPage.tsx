import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { LoadMoreButton } from '@/components/LoadMoreButton/LoadMoreButton';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { useRequireLogin } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pagedQueryOptions, useInfiniteList } from '@/hooks/useInfiniteList';
import { formatRelativeTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { Message, MessagePage } from '@/api/types';
import { api } from '@/lib/requestApi';
import { MESSAGES_KEY, unreadQuery, useMarkAllRead } from './messageQueries';
import { isReplyMessage, replyHeadline, replyMessagePath } from './replyMessages';
import './MessagesPage.css';

const SIZE = 20;
const messageKey = (m: MessagePage['list'][number]) => String(m.id);

/** `/messages`: what happened to the reader's stories (votes, bookmarks, a moderator's delete with its reason)
 * and replies (a reply, a comment, a mention, an editor's delete with its reason). */
export default function MessagesPage() {
  useDocumentTitle('消息');
  const { isLogin } = useRequireLogin();
  const unread = useQuery(unreadQuery(Boolean(isLogin)));
  const markAll = useMarkAllRead();
  const messages = useInfiniteList(
    pagedQueryOptions(MESSAGES_KEY, (page, signal) => api.get('/v1/messages', { params: { query: { page, size: SIZE } } }, { signal }), Boolean(isLogin)),
    messageKey,
  );
  if (!isLogin) return <PageLoading />;
  const rows = messages.items;
  const unreadCount = unread.data?.unread_count ?? 0;
  return (
    <div className="messages-page">
      <div className="messages-page__head">
        <h1 className="messages-page__title">消息</h1>
        <button type="button" className="btn btn--plain btn--small" disabled={unreadCount === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          全部标为已读
        </button>
      </div>
      {messages.isPending ? <PageLoading /> : messages.isError ? <QueryError error={messages.error} /> : rows.length === 0 ? (
        <p className="messages-page__empty">暂无消息</p>
      ) : (
        <ul className="message-list" aria-label="消息列表">
          {rows.map((m) => (
            <li key={m.id} className={`message${m.is_read ? '' : ' message--unread'}`} data-kind={m.kind}>
              {!m.is_read && <span className="message__dot" aria-label="未读" />}
              {isReplyMessage(m) ? <ReplyMessage message={m} /> : (
                <p className="message__text">
                  {m.story_id && m.kind !== 'deleted' ? <Link to={paths.story(m.story_id)}>{m.text}</Link> : m.text}
                </p>
              )}
              <span className="message__time">{formatRelativeTime(m.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton {...messages.listProps} />
    </div>
  );
}

/** A message about a reply: the line, the item's title and the reply's excerpt, leading to the reply. */
function ReplyMessage({ message: m }: { message: Message }) {
  const href = replyMessagePath(m);
  const line = replyHeadline(m);
  return (
    <div className="message__text">
      <p className="message__line">{href ? <Link to={href}>{line}</Link> : line}</p>
      {m.item_title && <p className="message__item">《{m.item_title}》</p>}
      {m.excerpt && <blockquote className="message__excerpt">{m.excerpt}</blockquote>}
    </div>
  );
}
