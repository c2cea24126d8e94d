import { useScrollHint } from '@/hooks/useScrollHint';
import './Tabs.css';

export interface TabItem<V extends string> {
  value: V;
  label: string;
  count?: number | string;
}

export function Tabs<V extends string>({ items, value, onChange, label }: { items: TabItem<V>[]; value: V; onChange: (v: V) => void; label: string }) {
  const hint = useScrollHint<HTMLDivElement>('x');
  return (
    <div ref={hint} className="tabs" role="tablist" aria-label={label}>
      {items.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          aria-selected={t.value === value}
          className={`tab${t.value === value ? ' tab--on' : ''}`}
          data-tab={t.value}
          onClick={() => onChange(t.value)}
        >
          {t.label}
          {t.count !== undefined && <span className="tab__count">{t.count}</span>}
        </button>
      ))}
    </div>
  );
}
