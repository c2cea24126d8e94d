import { memo, useCallback, useDeferredValue, useEffect, type ReactNode } from 'react';
import { LoadMoreButton } from '@/components/LoadMoreButton/LoadMoreButton';
import { useThrottledScroll } from '@/hooks/useThrottledScroll';
import './ListWrapper.css';

export const TEXT = {
  loading: '正在加载',
  empty: '暂无数据',
  failed: '请求失败，点击重新加载',
  error: '出错啦',
  end: '没有更多了',
} as const;

/** The next page is asked for 800 px before the end of the list. */
export const SCROLL_OFFSET = 800;

/** Pages loaded on scroll; after them a 加载更多 button asks for each next one, so the footer below an
 * endless list can be reached. */
export const AUTO_PAGES = 5;

export interface ListWrapperProps {
  /** first page loading */
  isLoading: boolean;
  /** first page failed */
  isError: boolean;
  /** a next page failed */
  isFetchNextPageError?: boolean;
  isFetchingNextPage?: boolean;
  hasNextPage?: boolean;
  count: number;
  onRetry: () => void;
  onLoadMore?: () => void;
  /** pages loaded so far (useInfiniteList gives it); from AUTO_PAGES on, more only on request */
  pages?: number;
  children?: ReactNode;
  className?: string;
  /** label for the list region */
  label?: string;
  /** shown under '暂无数据' when the list is empty (e.g. a way out of the filters) */
  emptyExtra?: ReactNode;
}

/**
 * The list renders a step behind its props, in a transition: React then yields to the browser every
 * few milliseconds while it builds the cards, so a page of them is no single long task on a slow phone
 * (Lighthouse's Total Blocking Time).
 */
export function ListWrapper(props: ListWrapperProps) {
  const shown = useDeferredValue(props);
  return <ListBody {...shown} />;
}

const ListBody = memo(function ListBody({
  isLoading, isError, isFetchNextPageError, isFetchingNextPage, hasNextPage, count, onRetry, onLoadMore, pages, children, className, label, emptyExtra,
}: ListWrapperProps) {
  const onRequest = pages !== undefined && pages >= AUTO_PAGES;
  const check = useCallback(() => {
    if (!onLoadMore || !hasNextPage || isFetchingNextPage || isFetchNextPageError || isLoading || isError || onRequest) return;
    const doc = document.documentElement;
    const remaining = doc.scrollHeight - (window.scrollY + window.innerHeight);
    if (remaining <= SCROLL_OFFSET) onLoadMore();
  }, [onLoadMore, hasNextPage, isFetchingNextPage, isFetchNextPageError, isLoading, isError, onRequest]);

  useThrottledScroll(check);
  // a short page never scrolls: check again after each load
  useEffect(() => {
    const t = setTimeout(check, 50);
    return () => clearTimeout(t);
  }, [check, count]);

  let footer: ReactNode = null;
  if (isLoading || isFetchingNextPage) {
    footer = (
      <div className="list-state list-state--loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        {TEXT.loading}
      </div>
    );
  } else if (isError && count === 0) {
    footer = (
      <div className="list-state list-state--error" role="alert">
        <div className="list-state__art" aria-hidden="true">!</div>
        <div className="list-state__title">{TEXT.error}</div>
        <button type="button" className="list-state__retry" onClick={onRetry}>{TEXT.failed}</button>
      </div>
    );
  } else if (isFetchNextPageError) {
    footer = (
      <div className="list-state" role="alert">
        <button type="button" className="list-state__retry" onClick={onRetry}>{TEXT.failed}</button>
      </div>
    );
  } else if (count === 0) {
    footer = (
      <div className="list-state list-state--empty">
        <div className="list-state__art list-state__art--empty" aria-hidden="true" />
        {TEXT.empty}
        {emptyExtra}
      </div>
    );
  } else if (!hasNextPage) {
    footer = <div className="list-state list-state--end">{TEXT.end}</div>;
  } else if (onRequest) {
    footer = (
      <div className="list-state">
        <LoadMoreButton hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} onLoadMore={onLoadMore} />
      </div>
    );
  }

  return (
    <section className={`list-wrapper${className ? ` ${className}` : ''}`} aria-label={label} aria-busy={isLoading || isFetchingNextPage}>
      {count > 0 && children}
      {footer}
    </section>
  );
});
