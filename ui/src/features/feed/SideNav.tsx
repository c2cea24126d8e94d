import { useEffect, useRef, useState } from 'react';
import type { PageType } from '@/lib/contentType';
import { Footer } from '@/components/Footer/Footer';
import { Icon, type IconName } from '@/components/Icon/Icon';
import { useFilters } from '@/hooks/useFilters';
import { SIDE_NAV_VISIBLE, TAG_GROUPS, tagEnabled, type TagGroup } from '@/lib/tags';
import './SideNav.css';

const GROUP_ICONS: Record<string, IconName> = { fire: 'fire', cpu: 'cpu', more: 'more' };

function Checkbox({ checked, indeterminate, disabled, onChange, label, id }: {
  checked: boolean; indeterminate?: boolean; disabled?: boolean; onChange: () => void; label: string; id: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  return (
    <input ref={ref} id={id} type="checkbox" className="side-check" checked={checked} disabled={disabled} onChange={onChange} aria-label={label} />
  );
}

function Section({ group, selected, type, onToggle, onToggleAll }: {
  group: TagGroup; selected: string[]; type: PageType; onToggle: (id: string) => void; onToggleAll: (ids: string[], on: boolean) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const enabled = group.children.filter((t) => tagEnabled(t, type)).map((t) => t.id);
  const chosen = enabled.filter((id) => selected.includes(id));
  const all = enabled.length > 0 && chosen.length === enabled.length;
  const collapsible = group.children.length > Math.min(group.limit, SIDE_NAV_VISIBLE);
  // a selected tag inside the collapsed part keeps the section open
  const hiddenSelected = group.children.slice(SIDE_NAV_VISIBLE).some((t) => selected.includes(t.id));
  const open = expanded || hiddenSelected || !collapsible;
  const shown = open ? group.children : group.children.slice(0, SIDE_NAV_VISIBLE);
  const headId = `side-${group.id}`;
  return (
    <section className="side-section" aria-labelledby={headId}>
      <div className="side-section__head">
        <span className={`side-section__icon side-section__icon--${group.icon}`} aria-hidden="true">
          <Icon name={GROUP_ICONS[group.icon] ?? 'more'} size={15} />
        </span>
        <h2 id={headId} className="side-section__title">{group.title}</h2>
        <label className="side-section__all">
          <Checkbox
            id={`${headId}-all`}
            checked={all}
            indeterminate={!all && chosen.length > 0}
            disabled={enabled.length === 0}
            onChange={() => onToggleAll(enabled, !all)}
            label={`全选${group.title}`}
          />
          <span aria-hidden="true">全选</span>
        </label>
      </div>
      <ul className="side-tags">
        {shown.map((tag) => {
          const on = selected.includes(tag.id);
          const disabled = !tagEnabled(tag, type);
          return (
            <li key={tag.id}>
              <button
                type="button"
                className={`side-tag${on ? ' side-tag--on' : ''}`}
                aria-pressed={on}
                disabled={disabled}
                title={tag.description_cn || tag.description}
                data-tag={tag.id}
                onClick={() => onToggle(tag.id)}
              >
                <span className="side-tag__label">{tag.label}</span>
                {on && <span className="side-tag__check" aria-hidden="true">✓</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {collapsible && !hiddenSelected && (
        <button type="button" className="side-section__toggle" aria-expanded={open} onClick={() => setExpanded((e) => !e)}>
          {open ? '收起' : `展开更多 (${group.children.length - SIDE_NAV_VISIBLE})`}
          <Icon name={open ? 'chevronUp' : 'chevronDown'} size={12} />
        </button>
      )}
    </section>
  );
}

/** Topic tags of the static tag data; the selection lives in the URL query `label`. */
export function SideNav({ type, showFooter = true }: { type: PageType; showFooter?: boolean }) {
  const { filters, update } = useFilters();
  const selected = filters.label;
  const total = TAG_GROUPS.reduce((n, g) => n + g.children.filter((t) => tagEnabled(t, type)).length, 0);
  const set = (next: string[]) => update({ label: next });
  const toggle = (id: string) => set(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const toggleAll = (ids: string[], on: boolean) =>
    set(on ? [...selected, ...ids.filter((id) => !selected.includes(id))] : selected.filter((id) => !ids.includes(id)));

  return (
    <div className="side-nav">
      <nav className="side-nav__inner" aria-label="话题标签">
        {selected.length > 1 && (
          <div className="side-nav__selected" role="status">
            <span>已选 ({selected.length}/{total})</span>
            <button type="button" onClick={() => set([])}>重新选择</button>
          </div>
        )}
        {TAG_GROUPS.map((g) => (
          <Section key={g.id} group={g} selected={selected} type={type} onToggle={toggle} onToggleAll={toggleAll} />
        ))}
      </nav>
      {showFooter && <Footer compact />}
    </div>
  );
}
