import { Link } from 'react-router-dom';
import type { UserReply } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { replyPath } from '@/kinds';
import { formatDateTime, formatNumber, formatRelativeTime } from '@/lib/format';
import { userRepliesQuery } from './personQueries';
import './UserReplies.css';

const replyKey = (r: UserReply) => r.id;

/** A member's replies (the 评论 tab): what they said, under which story or paper, each leading to the reply. */
export function UserReplies({ userId }: { userId: string }) {
  const replies = useInfiniteList(userRepliesQuery(userId), replyKey);
  return (
    <ListWrapper label="评论列表" {...replies.listProps}>
      <ul className="user-replies">
        {replies.items.map((r) => {
          const href = replyPath(r.kind, r.item_id, r.id);
          return (
            <li key={r.id} className="user-reply card">
              <p className="user-reply__text">{href ? <Link to={href}>{r.excerpt}</Link> : r.excerpt}</p>
              <div className="user-reply__meta">
                {r.item_title && <span className="user-reply__item">评论了《{r.item_title}》</span>}
                <time dateTime={r.created_at} title={formatDateTime(r.created_at)}>{formatRelativeTime(r.created_at)}</time>
                <span title="赞"><Icon name="thumb" size={13} />{formatNumber(r.like_count)}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </ListWrapper>
  );
}
