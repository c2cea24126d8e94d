import { Link } from 'react-router-dom';
import { useDevice } from '@/hooks/useDevice';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useFilters } from '@/hooks/useFilters';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import type { SortValue } from '@/api/types';
import { FiltersBar } from '@/components/FiltersBar/FiltersBar';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { feedOf, itemKey, type FeedKind } from '@/kinds';
import { tagLabel } from '@/lib/tags';
import { FeedCards } from './FeedCard';
import { feedPageQuery } from './feedQueries';
import { ClearFiltersButton, TagFilterButton, useReportTotal } from './TagDrawer';
import '@/components/Card/card.css';
import './FeedPage.css';

/** `/`, `/events`, `/papers`, `/projects`: the filters bar and an infinite list of one content kind. */
export default function FeedPage({ type }: { type: FeedKind }) {
  const feed = feedOf(type);
  const { filters, update, narrowed, clearFilters } = useFilters('new');
  const { isApp } = useDevice();
  // The home page is titled by the site's name alone, as its first HTML is (api/services/page_meta.py).
  useDocumentTitle(feed.page === '/' ? null : feed.title, { description: feed.description });
  const sort: SortValue = filters.sort === 'hot' ? 'hot' : 'new';
  const list = useInfiniteList(feedPageQuery(type, filters), itemKey);
  useReportTotal(list.total);
  return (
    <div className={`feed-page feed-page--${type}`}>
      <h1 className="sr-only">{feed.title}</h1>
      <FiltersBar
        sort={sort}
        time={filters.time}
        sticky={isApp}
        onChange={(p) => update({ ...(p.sort ? { sort: p.sort } : {}), ...(p.time ? { time: p.time } : {}) })}
        extra={<>{feed.companion && <Link className="feed-companion" to={feed.companion.page}>{feed.companion.title}</Link>}<TagFilterButton /></>}
      />
      {filters.label.length > 0 && (
        <div className="feed-page__chips" aria-label="已选标签">
          {filters.label.map((id) => (
            <button key={id} type="button" className="feed-chip" onClick={() => update({ label: filters.label.filter((x) => x !== id) })} aria-label={`移除标签 ${tagLabel(id)}`}>
              {tagLabel(id)} <span aria-hidden="true">×</span>
            </button>
          ))}
        </div>
      )}
      <ListWrapper
        label={`${feed.title}列表`}
        {...list.listProps}
        emptyExtra={narrowed && <ClearFiltersButton onClear={clearFilters} />}
      >
        <FeedCards items={list.items} className={feed.layout} module="feed" />
      </ListWrapper>
    </div>
  );
}
