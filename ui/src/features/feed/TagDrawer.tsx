import { createContext, useContext, useEffect } from 'react';
import { Icon } from '@/components/Icon/Icon';
import { useFilters } from '@/hooks/useFilters';
import './TagDrawer.css';

/** Provided by the home layout: whether the side navigation is a drawer here, how to open it, and where a
 * list reports how many items its filters find (the drawer's 确定 says it). */
export const TagDrawerContext = createContext<{
  open: () => void; narrow: boolean; hasSideNav: boolean; reportTotal: (total: number | undefined) => void;
}>({
  open: () => {},
  narrow: false,
  hasSideNav: false,
  reportTotal: () => {},
});

/** A filtered list tells the layout its total, for the tag drawer's 确定 (N 条). */
export function useReportTotal(total: number | undefined) {
  const { reportTotal } = useContext(TagDrawerContext);
  useEffect(() => {
    reportTotal(total);
    return () => reportTotal(undefined);
  }, [reportTotal, total]);
}

/** The '标签筛选' button that opens the side navigation drawer on tablets and phones. */
export function TagFilterButton() {
  const { open, narrow, hasSideNav } = useContext(TagDrawerContext);
  const { filters } = useFilters();
  if (!narrow || !hasSideNav) return null;
  return (
    <button type="button" className="tag-filter-btn" onClick={open} aria-haspopup="dialog">
      <Icon name="filter" size={14} />
      标签筛选{filters.label.length > 0 && <span className="tag-filter-btn__count">{filters.label.length}</span>}
    </button>
  );
}

/** '清除筛选': under an empty filtered list, removes the tags and the time range. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <button type="button" className="list-state__action" onClick={onClear}>
      <Icon name="filter" size={13} /> 清除筛选
    </button>
  );
}
