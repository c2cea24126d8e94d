import { useCallback } from 'react';
import { useDevice } from '@/hooks/useDevice';
import { useFilters } from '@/hooks/useFilters';
import { itemKey, useInfiniteList } from '@/hooks/useInfiniteList';
import { fetchFeed } from '@/lib/api';
import type { ContentType, FeedItem, SortValue } from '@/lib/types';
import { FiltersBar } from '@/components/FiltersBar/FiltersBar';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { FeedCard } from '@/components/cards/FeedCard';
import { TagFilterButton } from '@/components/layouts/Layouts';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { tagLabel } from '@/lib/tags';
import '@/components/cards/cards.css';
import './FeedPage.css';

const TITLES: Record<ContentType, string> = { story: '专栏', event: '活动', paper: '论文', project: '项目' };

/** A listing page: filters bar and an infinite list of one content type. */
export function FeedPage({ type }: { type: ContentType }) {
  const { filters, update } = useFilters('new');
  const { isApp } = useDevice();
  useDocumentTitle(TITLES[type]);
  const sort: SortValue = filters.sort === 'hot' ? 'hot' : 'new';
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchFeed(type, { label: filters.label, time: filters.time, sort }, page, signal),
    [type, filters.label, filters.time, sort],
  );
  const list = useInfiniteList<FeedItem>(['feed', type, filters.label, sort, sort === 'hot' ? filters.time : null], fetchPage, itemKey);
  return (
    <div className={`feed-page feed-page--${type}`}>
      <h1 className="sr-only">{TITLES[type]}</h1>
      <FiltersBar
        sort={sort}
        time={filters.time}
        sticky={isApp}
        onChange={(p) => update({ ...(p.sort ? { sort: p.sort } : {}), ...(p.time ? { time: p.time } : {}) })}
        extra={<TagFilterButton />}
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
        label={`${TITLES[type]}列表`}
        {...list.listProps}
      >
        <div className={type === 'event' ? 'feed-grid' : 'feed-list'}>
          {list.items.map((item) => <FeedCard key={itemKey(item)} item={item} selected={filters.label} />)}
        </div>
      </ListWrapper>
    </div>
  );
}
