import { Link } from 'react-router-dom';
import type { Tag } from '@/api/types';
import '@/components/Card/card.css';

/**
 * A content item's tags as the API orders them: tags of the current label filter come first,
 * marked `highlighted`, and feeds send at most 5 (api/feed_items.py). Detail pages get every tag
 * and pass their own display `limit`.
 */
export function TagList({ tags, limit, feed }: { tags?: Tag[]; limit?: number; feed?: string }) {
  const shown = limit === undefined ? tags ?? [] : (tags ?? []).slice(0, limit);
  if (!shown.length) return null;
  return (
    <ul className="card-tags" aria-label="标签">
      {shown.map((t) => (
        <li key={t.id} className={`card-tag${t.highlighted ? ' card-tag--on' : ''}`}>
          {/* `feed`: the list page a tag opens, filtered by it (a detail page's tags are links) */}
          {feed ? <Link className="card-tag__link" to={`${feed}?${new URLSearchParams({ label: t.id })}`}>{t.title}</Link> : t.title}
        </li>
      ))}
    </ul>
  );
}
