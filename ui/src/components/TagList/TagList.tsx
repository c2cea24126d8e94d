import type { TagName } from '@/lib/types';

export const STORY_TAG_LIMIT = 5;

/** At most 5 tags, highlighted ones first (highlighted by the server or by the current tag filter). */
export function pickTags(tags: TagName[] | undefined, selected: string[] = [], limit = STORY_TAG_LIMIT): (TagName & { on: boolean })[] {
  const list = (tags ?? []).map((t) => ({ ...t, on: Boolean(t.highlighted) || selected.includes(String(t.id)) }));
  const sorted = [...list.filter((t) => t.on), ...list.filter((t) => !t.on)];
  return sorted.slice(0, limit);
}

export function TagList({ tags, selected, limit }: { tags?: TagName[]; selected?: string[]; limit?: number }) {
  const shown = pickTags(tags, selected, limit);
  if (!shown.length) return null;
  return (
    <ul className="card-tags" aria-label="标签">
      {shown.map((t) => (
        <li key={String(t.id)} className={`card-tag${t.on ? ' card-tag--on' : ''}`}>{t.title}</li>
      ))}
    </ul>
  );
}
