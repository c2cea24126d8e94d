import { useQuery } from '@tanstack/react-query';
import type { FeedItem } from '@/api/types';
import { KINDS, itemKey, payloadOf } from '@/kinds';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { relatedQuery, type RelatedOf } from './relatedQueries';
import './RelatedAside.css';

/** One row: the item's title, where it opens (projects: their repository) and a short line under it. */
function row(item: FeedItem): { title: string; href: string; meta: string } | null {
  const payload = payloadOf(item);
  if (!payload.info) return null;
  switch (payload.kind) {
    case 'story': {
      const s = payload.info;
      return { title: s.title, href: paths.story(s.id), meta: `${formatRelativeTime(s.created_at)} · 点赞 ${formatNumber(s.final_score)}` };
    }
    case 'paper': {
      const p = payload.info;
      return { title: p.title_cn || p.title, href: paths.paper(p.id), meta: p.authors?.slice(0, 2).join('、') ?? '' };
    }
    case 'project': {
      const p = payload.info;
      return { title: p.repo, href: p.url ?? `https://github.com/${p.repo}`, meta: `Star ${formatNumber(p.stars)}${p.language ? ` · ${p.language}` : ''}` };
    }
    case 'event': {
      const e = payload.info;
      return { title: e.name, href: paths.event(e.id), meta: e.time_desc ?? '' };
    }
    case 'link': return null;
    default: return payload satisfies never;
  }
}

/** 相关推荐: items of any kind that share this item's topic (stories, papers, projects, events), each with its kind. */
export function RelatedAside({ of, enabled = true }: { of: RelatedOf; enabled?: boolean }) {
  const related = useQuery(relatedQuery(of, enabled));
  const items = (related.data?.list ?? []).flatMap((item) => {
    const shown = row(item);
    return shown ? [{ item, ...shown }] : [];
  });
  return (
    <aside className="related-aside" aria-label="相关推荐">
      <h2 className="aside-title">相关推荐</h2>
      {items.length === 0 && <p className="aside-empty">{related.isLoading ? '正在加载' : '暂无数据'}</p>}
      <ul className="related-aside__list">
        {items.map(({ item, title, href, meta }) => (
          <li key={itemKey(item)}>
            <a href={href} target="_blank" rel="noopener">
              <span className="related-aside__title"><span className={`related-aside__kind related-aside__kind--${item.type}`}>{KINDS[item.type].label}</span>{title}</span>
              {meta && <span className="related-aside__meta">{meta}</span>}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
