import { useCombobox } from 'downshift';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type CompositionEvent } from 'react';
import { Icon } from '@/components/Icon/Icon';
import { useDebounce } from '@/hooks/useDebounce';
import { paths } from '@/lib/paths';
import { serverHtml } from '@/lib/serverHtml';
import { addHistory, clearHistory, readHistory } from './history';
import { suggestionsQuery } from './searchQueries';
import { SearchSyntax } from './SearchSyntax';
import { SUGGEST_LABELS, suggestionHref, type SuggestTarget, type SuggestType } from './suggestionKinds';
import './SearchBox.css';
import { MAX_SEARCH } from './searchRules';

export { MAX_SEARCH };
export const SUGGEST_DEBOUNCE = 350;

export type SearchRow =
  | { kind: 'history' | 'hot'; text: string }
  | { kind: 'suggest'; text: string; html: string; id: number; type: SuggestType; url: string }
  | { kind: 'search'; text: string };

export interface SearchBoxProps {
  /** the previous search (the results page's q); the same text is not searched again */
  previous?: string;
  /** hot words and the placeholder (a random hot word, default 'AI日报') */
  hotwords?: string[];
  placeholder?: string;
  /** default: a full page load of /search?q= */
  onSearch?: (text: string) => void;
  /** a suggested story chosen (Enter or click); default: a full page load of the story */
  onOpenStory?: (id: number) => void;
  /** a suggested paper, project or person chosen; default: its page (a project's repository in a new tab) */
  onOpenItem?: (target: SuggestTarget) => void;
  autoFocus?: boolean;
  variant?: 'header' | 'overlay';
  id?: string;
}

function defaultSearch(text: string) {
  window.location.assign(paths.search(text));
}

function defaultOpenStory(id: number) {
  window.location.assign(paths.story(id));
}

function defaultOpenItem(target: SuggestTarget) {
  const { href, newTab } = suggestionHref(target);
  if (newTab) window.open(href, '_blank', 'noopener,noreferrer');
  else window.location.assign(href);
}

/** Input trimmed, at most MAX_SEARCH (100) characters; empty -> the placeholder. */
export function normalizeSearch(raw: string, placeholder: string): string {
  const text = raw.trim().slice(0, MAX_SEARCH).trim();
  return text || placeholder;
}

export function SearchBox({
  previous = '', hotwords = [], placeholder = 'AI日报', onSearch = defaultSearch, onOpenStory = defaultOpenStory, onOpenItem = defaultOpenItem, autoFocus, variant = 'header', id = 'site-search',
}: SearchBoxProps) {
  // The text in the box. It changes in the input's own change event, so the render that follows a
  // keystroke already carries the new text and React never writes an older value back into the input
  // (which moved the caret to the end, broke IME compositions and dropped keystrokes).
  const [inputValue, setInputValue] = useState(previous.slice(0, MAX_SEARCH));
  // While an IME composes, the text committed before the composition started: suggestions and rows
  // follow committed text only, never the pinyin being composed.
  const [composingFrom, setComposingFrom] = useState<string | null>(null);
  const [history, setHistory] = useState<string[]>(() => readHistory());
  // The operators' help (搜索语法), opened from the panel's foot.
  const [syntaxOpen, setSyntaxOpen] = useState(false);
  const last = useRef(previous);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const committed = composingFrom ?? inputValue;
  const trimmed = committed.trim();
  const debounced = useDebounce(trimmed, SUGGEST_DEBOUNCE);

  const suggestions = useQuery(suggestionsQuery(debounced));

  const rows: SearchRow[] = useMemo(() => {
    if (!trimmed) {
      return [
        ...history.map((text) => ({ kind: 'history' as const, text })),
        ...hotwords.slice(0, 10).map((text) => ({ kind: 'hot' as const, text })),
      ];
    }
    const list: SearchRow[] = [];
    if (debounced === trimmed && suggestions.data) {
      // Titles can repeat across stories: one row per kind and title, at most 8 rows.
      const seen = new Set<string>();
      for (const s of suggestions.data) {
        const { id, title } = s.source.story_info;
        const { type } = s;
        if (seen.has(`${type}:${title}`)) continue;
        seen.add(`${type}:${title}`);
        list.push({ kind: 'suggest', text: title, html: s.highlight?.['story_info.title']?.[0] ?? '', id, type, url: s.url });
        if (list.length >= 8) break;
      }
    }
    list.push({ kind: 'search', text: trimmed.slice(0, MAX_SEARCH) });
    return list;
  }, [trimmed, debounced, suggestions.data, history, hotwords]);

  // Choosing a suggestion opens its item (a story, paper, project or person), and its title joins the history.
  const open = (row: Extract<SearchRow, { kind: 'suggest' }>) => {
    closeMenu();
    setHistory(addHistory(row.text));
    inputRef.current?.blur();
    if (row.type === 'story') onOpenStory(row.id);
    else onOpenItem({ type: row.type, id: row.id, url: row.url });
  };

  const run = (raw: string) => {
    const text = normalizeSearch(raw, placeholder);
    setInputValue(text);
    closeMenu();
    if (text === last.current) return; // the same search again is skipped
    last.current = text;
    setHistory(addHistory(text));
    inputRef.current?.blur();
    onSearch(text);
  };

  const {
    isOpen, highlightedIndex, getMenuProps, getInputProps, getItemProps, getLabelProps, openMenu, closeMenu,
  } = useCombobox<SearchRow>({
    id,
    items: rows,
    // Controlled, but never through onInputValueChange: Downshift calls it in an effect after the
    // render, and that render would put the previous text back into the input.
    inputValue,
    selectedItem: null,
    itemToString: (r) => (r ? r.text : ''),
    onStateChange: ({ type, selectedItem }) => {
      if ((type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick) && selectedItem) {
        if (selectedItem.kind === 'suggest') open(selectedItem);
        else run(selectedItem.text);
      }
    },
    stateReducer: (_state, { type, changes }) => {
      // keep the typed text when an item is chosen (run() sets the final text)
      if (type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick) {
        return { ...changes, inputValue: changes.selectedItem ? changes.selectedItem.text : _state.inputValue };
      }
      if (type === useCombobox.stateChangeTypes.InputBlur) {
        return { ...changes, inputValue: _state.inputValue };
      }
      // focus already opened it: a click on the input keeps it open
      if (type === useCombobox.stateChangeTypes.InputClick) {
        return { ...changes, isOpen: true };
      }
      return changes;
    },
  });

  // openMenu is stable (downshift memoises it), so this runs when the box mounts with autoFocus.
  useEffect(() => {
    if (autoFocus) {
      inputRef.current?.focus();
      openMenu();
    }
  }, [autoFocus, openMenu]);

  const hasHistory = !trimmed && history.length > 0;
  const hasHot = !trimmed && hotwords.length > 0;
  const showPanel = isOpen && rows.length > 0;
  const firstHot = history.length;

  return (
    <form
      ref={formRef}
      role="search"
      className={`search-box search-box--${variant}${showPanel ? ' search-box--open' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(inputValue);
      }}
      onBlur={(e) => {
        // focus left the box from one of its controls (the input's own blur is Downshift's)
        if ((e.target as Node) !== inputRef.current && isOpen && !formRef.current?.contains(e.relatedTarget as Node | null)) closeMenu();
      }}
    >
      <label {...getLabelProps()} className="sr-only">搜索</label>
      <div className="search-box__field">
        <Icon name="search" size={16} className="search-box__icon" />
        <input
          {...getInputProps({
            ref: inputRef,
            maxLength: MAX_SEARCH,
            placeholder,
            type: 'search',
            enterKeyHint: 'search',
            autoComplete: 'off',
            onFocus: () => { if (!isOpen) openMenu(); },
            // runs before Downshift's own handler, in the same event: the next render has this text
            onChange: (e: ChangeEvent<HTMLInputElement>) => setInputValue(e.currentTarget.value.slice(0, MAX_SEARCH)),
            onCompositionStart: () => setComposingFrom(inputValue),
            onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) => {
              setComposingFrom(null);
              setInputValue(e.currentTarget.value.slice(0, MAX_SEARCH));
            },
            // Focus moving to a control of the box (submit, 清空) keeps the panel open, so the history's
            // 清空 is reachable with Tab; leaving the box closes it (the panel's onBlur below).
            onBlur: (e) => {
              if (formRef.current?.contains(e.relatedTarget as Node | null)) {
                (e.nativeEvent as unknown as { preventDownshiftDefault: boolean }).preventDownshiftDefault = true;
              }
            },
            onKeyDown: (e) => {
              const native = e.nativeEvent as unknown as { preventDownshiftDefault: boolean };
              // Home and End move the caret in the text, not the highlight among the rows
              if (e.key === 'Home' || e.key === 'End') {
                native.preventDownshiftDefault = true;
                return;
              }
              if (e.key !== 'Enter') return;
              // Enter while an IME is composing Chinese does not search
              if (e.nativeEvent.isComposing || e.keyCode === 229) {
                native.preventDownshiftDefault = true;
                e.preventDefault();
                return;
              }
              // no highlighted row: search the typed text (or the placeholder)
              if (highlightedIndex < 0) {
                native.preventDownshiftDefault = true;
                e.preventDefault();
                run(inputValue);
              }
            },
          })}
          className="search-box__input"
        />
        {inputValue && (
          <button type="button" className="search-box__clear" aria-label="清除" onClick={() => { setInputValue(''); inputRef.current?.focus(); }}>
            <Icon name="close" size={14} />
          </button>
        )}
        <button type="submit" className="search-box__submit" aria-label="搜索">
          <Icon name="search" size={16} />
        </button>
      </div>
      <div className={`search-panel${showPanel ? '' : ' search-panel--hidden'}`}>
        {hasHistory && (
          <div className="search-panel__head">
            <span>搜索历史</span>
            <button
              type="button"
              className="search-panel__clear"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => { clearHistory(); setHistory([]); inputRef.current?.focus(); }}
            >
              <Icon name="trash" size={13} /> 清空
            </button>
          </div>
        )}
        <ul {...getMenuProps({}, { suppressRefError: true })} className={`search-panel__list${trimmed ? ' search-panel__list--rows' : ''}`} hidden={!showPanel}>
          {showPanel && rows.map((row, index) => (
            <SearchRowView
              key={`${row.kind}-${row.text}-${index}`}
              row={row}
              heading={hasHot && index === firstHot ? '热门搜索' : undefined}
              highlighted={highlightedIndex === index}
              itemProps={getItemProps({ item: row, index })}
            />
          ))}
        </ul>
        {showPanel && (
          <div className="search-panel__foot">
            <button
              type="button"
              className="search-panel__syntax"
              aria-expanded={syntaxOpen}
              aria-controls={`${id}-syntax`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => { setSyntaxOpen((open) => !open); inputRef.current?.focus(); }}
            >
              <Icon name="info" size={13} /> 搜索语法
            </button>
            {syntaxOpen && <SearchSyntax id={`${id}-syntax`} />}
          </div>
        )}
      </div>
    </form>
  );
}

function SearchRowView({ row, highlighted, itemProps, heading }: {
  row: SearchRow; highlighted: boolean; itemProps: Record<string, unknown>; heading?: string;
}) {
  const cls = `search-row search-row--${row.kind}${highlighted ? ' search-row--active' : ''}`;
  return (
    <>
      {heading && <li className="search-panel__title" aria-hidden="true" role="none">{heading}</li>}
      <li {...itemProps} className={cls}>
        {row.kind === 'history' && <Icon name="history" size={13} />}
        {row.kind === 'hot' && <Icon name="fire" size={13} />}
        {row.kind === 'suggest' && (
          <>
            <Icon name="search" size={14} />
            <span className="search-row__text" dangerouslySetInnerHTML={serverHtml(row.html)} />
            <span className={`search-row__kind search-row__kind--${row.type}`}>{SUGGEST_LABELS[row.type]}</span>
          </>
        )}
        {row.kind === 'search' && (
          <span className="search-row__text">
            查看“<strong>{row.text}</strong>”的搜索结果
          </span>
        )}
        {(row.kind === 'history' || row.kind === 'hot') && <span className="search-row__text">{row.text}</span>}
        {row.kind === 'search' && <Icon name="chevronRight" size={14} className="search-row__go" />}
      </li>
    </>
  );
}
