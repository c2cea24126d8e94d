import type { Tag } from '@/api/types';
import '@/components/Card/card.css';

/**
 * A content item's tags as the API orders them: tags of the current label filter come first,
 * marked `highlighted`, and feeds send at most 5 (api/feed_items.py). Detail pages get every tag
 * and pass their own display `limit`.
 */
export function TagList({ tags, limit }: { tags?: Tag[]; limit?: number }) {
  const shown = limit === undefined ? tags ?? [] : (tags ?? []).slice(0, limit);
  if (!shown.length) return null;
  return (
    <ul className="card-tags" aria-label="标签">
      {shown.map((t) => (
        <li key={t.id} className={`card-tag${t.highlighted ? ' card-tag--on' : ''}`}>{t.title}</li>
      ))}
    </ul>
  );
}
