import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useFilters } from '@/hooks/useFilters';
import { itemKey, useInfiniteList } from '@/hooks/useInfiniteList';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { fetchSearch, fetchTotals } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import type { ContentType, FeedItem } from '@/lib/types';
import { FiltersBar, type FilterItem } from '@/components/FiltersBar/FiltersBar';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { FeedCard } from '@/components/cards/FeedCard';
import { Tabs, type TabItem } from '@/components/Tabs/Tabs';
import { TagFilterButton } from '@/components/layouts/Layouts';
import '@/components/cards/cards.css';
import './SearchPage.css';

type Tab = 'all' | ContentType;
type SearchSort = 'relevance' | 'hot' | 'new';

const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'story', label: '文章' },
  { value: 'paper', label: '论文' },
  { value: 'event', label: '活动' },
  { value: 'project', label: '项目' },
];

const SEARCH_SORTS: FilterItem<SearchSort>[] = [
  { label: '综合', value: 'relevance' },
  { label: '最热', value: 'hot', icon: 'fire' },
  { label: '最新', value: 'new', icon: 'clock' },
];

/** `/search?q=`: tabs per type with counts from /v2/total, highlighted titles, the same filters. */
export default function SearchPage({ browse = false }: { browse?: boolean }) {
  const { filters, update } = useFilters(browse ? 'hot' : 'relevance');
  const q = browse ? '' : filters.q.trim().slice(0, 100);
  const sort = filters.sort as SearchSort;
  const tab: Tab = filters.model ?? 'all';
  const time = sort === 'hot' ? filters.time : null;
  useDocumentTitle(browse ? '发现' : q ? `${q} 的搜索结果` : '搜索');

  const totals = useQuery({
    queryKey: ['totals', q, filters.label, time],
    queryFn: ({ signal }) => fetchTotals({ q, label: filters.label, time }, signal),
    retry: false,
  });
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) =>
      fetchSearch({ q, model: tab === 'all' ? null : tab, label: filters.label, time, sort }, page, signal),
    [q, tab, filters.label, time, sort],
  );
  const list = useInfiniteList<FeedItem>(['search', q, tab, filters.label, time, sort], fetchPage, itemKey);
  const counts = totals.data;
  const tabItems: TabItem<Tab>[] = TABS.map((t) => ({
    ...t,
    count: counts ? formatNumber(t.value === 'all' ? counts.all : counts[t.value]) : undefined,
  }));

  return (
    <div className="search-page">
      {browse && <h1 className="sr-only">发现</h1>}
      {!browse && (
        <h1 className="search-page__title">
          <span>{q ? <>“<span className="search-page__q">{q}</span>”的搜索结果</> : '全部内容'}</span>
          {counts && <span className="search-page__total">共 {formatNumber(counts.all)} 条</span>}
        </h1>
      )}
      <Tabs label="内容类型" items={tabItems} value={tab} onChange={(v) => update({ model: v === 'all' ? null : v })} />
      <FiltersBar<SearchSort>
        sort={sort}
        time={filters.time}
        sortItems={browse ? SEARCH_SORTS.slice(1) : SEARCH_SORTS}
        onChange={(p) => update({ ...(p.sort ? { sort: p.sort } : {}), ...(p.time ? { time: p.time } : {}) })}
        extra={<TagFilterButton />}
      />
      <ListWrapper
        label="搜索结果"
        {...list.listProps}
      >
        <div className="feed-list">
          {list.items.map((item) => <FeedCard key={itemKey(item)} item={item} search selected={filters.label} />)}
        </div>
      </ListWrapper>
    </div>
  );
}
