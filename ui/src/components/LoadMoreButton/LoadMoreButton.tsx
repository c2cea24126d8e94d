/** What LoadMoreButton needs of an infinite list (useInfiniteList's `listProps` has it). */
export interface LoadMoreProps {
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  onLoadMore?: () => void;
}

/**
 * 加载更多: the next page on request, for short lists inside a page (messages, the editors' reports)
 * where loading on scroll (ListWrapper) would fetch pages nobody asked for. Nothing when no page is left.
 */
export function LoadMoreButton({ hasNextPage, isFetchingNextPage, onLoadMore }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <button type="button" className="btn btn--plain btn--small" disabled={isFetchingNextPage} onClick={() => onLoadMore?.()}>
      加载更多
    </button>
  );
}
