import type { ReactNode } from 'react';
import type { TimeValue } from '@/api/types';
import { Icon, type IconName } from '../Icon/Icon';
import './FiltersBar.css';

export const HOT_NOTE = '数据每日0点更新，热度根据全网互动数据计算';

export interface FilterItem<V extends string = string> {
  label: string;
  value: V;
  icon?: IconName;
}

export const SORT_ITEMS: FilterItem<'hot' | 'new'>[] = [
  { label: '最新', value: 'new', icon: 'clock' },
  { label: '最热', value: 'hot', icon: 'fire' },
];

export const TIME_ITEMS: FilterItem<TimeValue>[] = [
  { label: '今天', value: 'day' },
  { label: '本周', value: 'week' },
  { label: '本月', value: 'month' },
];

interface Props<S extends string> {
  sort: S;
  time: TimeValue;
  sortItems?: FilterItem<S>[];
  onChange: (patch: { sort?: S; time?: TimeValue }) => void;
  /** shows the time choices (hot) */
  showTime?: boolean;
  extra?: ReactNode;
  sticky?: boolean;
}

/** Sort hot (with today / week / month) or new, with the hot note. */
export function FiltersBar<S extends string>({ sort, time, sortItems, onChange, showTime, extra, sticky }: Props<S>) {
  const items = (sortItems ?? (SORT_ITEMS as unknown as FilterItem<S>[]));
  const timeVisible = showTime ?? sort === 'hot';
  return (
    <div className={`filters-bar${sticky ? ' filters-bar--sticky' : ''}`}>
      <div className="filters-bar__group" role="group" aria-label="排序">
        {items.map((item) => (
          <button
            key={item.value}
            type="button"
            className={`filter-item${sort === item.value ? ' filter-item--on' : ''}`}
            aria-pressed={sort === item.value}
            data-sort={item.value}
            onClick={() => onChange({ sort: item.value })}
          >
            {item.icon && <Icon name={item.icon} size={14} />}
            {item.label}
          </button>
        ))}
      </div>
      {timeVisible && (
        <div className="filters-bar__group filters-bar__group--time" role="group" aria-label="时间范围">
          {TIME_ITEMS.map((item) => (
            <button
              key={item.value}
              type="button"
              className={`filter-chip${time === item.value ? ' filter-chip--on' : ''}`}
              aria-pressed={time === item.value}
              data-time={item.value}
              onClick={() => onChange({ time: item.value })}
            >
              {item.label}
            </button>
          ))}
          <span className="filters-bar__note" tabIndex={0} aria-label={HOT_NOTE} data-tip={HOT_NOTE}>
            <Icon name="info" size={14} />
          </span>
        </div>
      )}
      {extra && <div className="filters-bar__extra">{extra}</div>}
    </div>
  );
}
