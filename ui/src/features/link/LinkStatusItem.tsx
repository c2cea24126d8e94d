import { useState } from 'react';
import { Icon } from '@/components/Icon/Icon';
import { Img } from '@/components/Img/Img';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { actOnStatus, statusText, type LinkAction, type LinkStatus } from './linkApi';

/** One status: author, time, text (never remote markup), favourite / bookmark toggles and its discussion. */
export function LinkStatusItem({ status, onOpen, current = false }: { status: LinkStatus; onOpen?: (id: string) => void; current?: boolean }) {
  const [shown, setShown] = useState(status);
  const [busy, setBusy] = useState(false);
  const act = async (action: LinkAction) => {
    if (busy) return;
    setBusy(true);
    try {
      setShown(await actOnStatus(shown.id, action));
    } catch (e) {
      if (e instanceof Error && e.message) toast(e.message, 'error');
    } finally {
      setBusy(false);
    }
  };
  const favourited = Boolean(shown.favourited);
  const bookmarked = Boolean(shown.bookmarked);
  return (
    <article className={`link-status${current ? ' link-status--current' : ''}`} data-id={shown.id} aria-label={`${shown.account.display_name} 的动态`}>
      <Img className="link-status__avatar" src={shown.account.avatar} alt="" resize={80} />
      <div className="link-status__body">
        <header className="link-status__head">
          <span className="link-status__name">{shown.account.display_name}</span>
          <time dateTime={shown.created_at}>{formatRelativeTime(shown.created_at)}</time>
        </header>
        <p className="link-status__text">{statusText(shown.content)}</p>
        <div className="link-status__actions">
          <button type="button" aria-pressed={favourited} disabled={busy} className={favourited ? 'is-on' : ''} onClick={() => act(favourited ? 'unfavourite' : 'favourite')}>
            <Icon name="heart" size={16} /> {favourited ? '已收藏' : '收藏'} <span className="link-status__count">{formatNumber(shown.favourites_count)}</span>
          </button>
          <button type="button" aria-pressed={bookmarked} disabled={busy} className={bookmarked ? 'is-on' : ''} onClick={() => act(bookmarked ? 'unbookmark' : 'bookmark')}>
            <Icon name="bookmark" size={16} /> {bookmarked ? '已加书签' : '书签'}
          </button>
          {onOpen && (
            <button type="button" onClick={() => onOpen(shown.id)}>
              <Icon name="comment" size={16} /> 讨论 <span className="link-status__count">{formatNumber(shown.replies_count)}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
