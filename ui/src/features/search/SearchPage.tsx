import { useQuery } from '@tanstack/react-query';
import { FiltersBar, type FilterItem } from '@/components/FiltersBar/FiltersBar';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { Tabs, type TabItem } from '@/components/Tabs/Tabs';
import { ClearFiltersButton, FeedCards, TagFilterButton, useReportTotal } from '@/features/feed';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useFilters } from '@/hooks/useFilters';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { itemKey, KIND_LIST, type Kind } from '@/kinds';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { searchDefaultSort, searchPageQueries, type SearchSort } from './searchQueries';
import { QueryHelp, ResultStats } from './SearchStats';
import { useHotwords } from './useHotwords';
import '@/components/Card/card.css';
import './SearchPage.css';

type Tab = 'all' | Kind;

const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  ...KIND_LIST.map(({ kind, label }) => ({ value: kind, label })),
];

const SEARCH_SORTS: FilterItem<SearchSort>[] = [
  { label: '综合', value: 'relevance' },
  { label: '最热', value: 'hot', icon: 'fire' },
  { label: '最新', value: 'new', icon: 'clock' },
];

/** `/search?q=`: tabs per type with counts from /v2/total, highlighted titles, the same filters; `/browse` (browse) is every kind without a query. */
export default function SearchPage({ browse = false }: { browse?: boolean }) {
  const { filters, update, narrowed, clearFilters } = useFilters(searchDefaultSort(browse));
  const { q, sort, list: listQuery, totals: totalsOptions } = searchPageQueries(filters, browse);
  const tab: Tab = filters.model ?? 'all';
  useDocumentTitle(browse ? '发现' : q ? `${q} 的搜索结果` : '搜索');

  const totals = useQuery(totalsOptions);
  const list = useInfiniteList(listQuery, itemKey);
  useReportTotal(list.total);
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
      {!browse && q && (
        <>
          <ResultStats count={counts ? (tab === 'all' ? counts.all : counts[tab]) : undefined} took={list.data?.pages[0]?.took} />
          <QueryHelp messages={list.data?.pages[0]?.query_help} />
        </>
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
        emptyExtra={browse
          ? narrowed && <ClearFiltersButton onClear={clearFilters} />
          : <NothingFound q={q} didYouMean={list.data?.pages[0]?.did_you_mean ?? null} onClear={narrowed ? clearFilters : undefined} />}
      >
        <FeedCards items={list.items} module="search" search />
      </ListWrapper>
    </div>
  );
}

const MAX_HOT_LINKS = 8;

/**
 * Under '暂无数据' when a search finds nothing: the engine's "did you mean", the hot words, and a way
 * out of the filters. The links are full page loads of /search?q=, as every search is.
 */
function NothingFound({ q, didYouMean, onClear }: { q: string; didYouMean: string | null; onClear?: () => void }) {
  const { words } = useHotwords(0);
  const hot = words.filter((w) => w !== q).slice(0, MAX_HOT_LINKS);
  return (
    <div className="nothing-found">
      {didYouMean && (
        <p className="nothing-found__dym">
          你是不是要找：<a href={paths.search(didYouMean)} className="nothing-found__dym-link">{didYouMean}</a>
        </p>
      )}
      {onClear && <ClearFiltersButton onClear={onClear} />}
      {hot.length > 0 && (
        <nav className="nothing-found__hot" aria-label="热门搜索">
          <span className="nothing-found__hot-title">热门搜索</span>
          <ul>
            {hot.map((w) => <li key={w}><a href={paths.search(w)} className="nothing-found__word">{w}</a></li>)}
          </ul>
        </nav>
      )}
    </div>
  );
}
