import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../tests/render';
import { readHistory, addHistory } from './history';
import { SearchBox, normalizeSearch } from './SearchBox';

const asked: string[] = [];

/** What the suggestion call answers for `q` (the API's GET /v2/search/stories_title). */
function suggestionsFor(q: string) {
  return q === 'lin' ? [
    { source: { story_info: { id: 17, title: '林子涵' } }, highlight: { 'story_info.title': ['林子涵'] }, type: 'person', url: '/users/17' },
    { source: { story_info: { id: 5, title: '零样本语音合成评测基准' } }, highlight: { 'story_info.title': ['零样本语音合成评测基准'] }, type: 'paper', url: '/paper/5' },
    { source: { story_info: { id: 26, title: 'lina-ml/open-vl' } }, highlight: { 'story_info.title': ['<em>lin</em>a-ml/open-vl'] }, type: 'project', url: 'https://github.com/lina-ml/open-vl' },
    { source: { story_info: { id: 3, title: '林间漫步' } }, highlight: { 'story_info.title': ['林间漫步'] }, type: 'story', url: '/view/3' },
  ] : [
    { source: { story_info: { id: 1, title: `${q}时代，语音${q}该怎么做？` } }, highlight: { 'story_info.title': [`<em>${q}</em>时代，语音<em>${q}</em>该怎么做？`] }, type: 'story', url: '/view/1' },
    { source: { story_info: { id: 2, title: `${q}推理优化实践` } }, highlight: { 'story_info.title': [`<em>${q}</em>推理优化实践`] }, type: 'story', url: '/view/2' },
  ];
}

/** The network as the box sees it: suggestions per query (recorded in `asked`), nothing else asked for. */
function stubSuggestions() {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const q = url.searchParams.get('q') ?? '';
    if (url.pathname.endsWith('/v2/search/stories_title')) asked.push(q);
    const data = url.pathname.endsWith('/v2/search/stories_title') ? suggestionsFor(q) : [];
    return new Response(JSON.stringify({ code: 0, msg: '', data }), { headers: { 'content-type': 'application/json' } });
  }));
}

function setup(props: Partial<Parameters<typeof SearchBox>[0]> = {}) {
  const onSearch = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<SearchBox onSearch={onSearch} hotwords={['AI日报', 'Sora']} {...props} />);
  const input = screen.getByRole('combobox');
  return { onSearch, user, input };
}

const options = () => screen.queryAllByRole('option');

describe('SearchBox', () => {
  beforeEach(() => {
    localStorage.clear();
    asked.length = 0;
    stubSuggestions();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows history (newest first, no duplicates) and hot words on empty focus', async () => {
    addHistory('扩散模型');
    addHistory('RAG');
    addHistory('扩散模型');
    const { user, input } = setup();
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(options().map((o) => o.textContent)).toEqual(['扩散模型', 'RAG', 'AI日报', 'Sora']);
    expect(screen.getByText('搜索历史')).toBeInTheDocument();
    expect(screen.getByText('热门搜索')).toBeInTheDocument();
  });

  it('typing shows highlighted suggestions with the search-results row last; arrows move; Enter searches', async () => {
    const { user, input, onSearch } = setup();
    await user.type(input, '大模型');
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    const rows = options();
    expect(rows[0].querySelector('em')?.textContent).toBe('大模型');
    expect(rows[2]).toHaveTextContent('查看“大模型”的搜索结果');
    await user.keyboard('{ArrowDown}');
    expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options()[2].id);
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('大模型');
    expect(readHistory()[0]).toBe('大模型');
  });

  it('Enter or a click on a suggested title opens the story, and the title joins the history', async () => {
    const onOpenStory = vi.fn();
    const { user, input, onSearch } = setup({ onOpenStory });
    await user.type(input, '大模型');
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onOpenStory).toHaveBeenCalledWith(2);
    expect(onSearch).not.toHaveBeenCalled();
    expect(readHistory()[0]).toBe('大模型推理优化实践');
    await user.click(input);
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    await user.click(options()[0]);
    expect(onOpenStory).toHaveBeenLastCalledWith(1);
  });

  it('each suggested row names its kind, and Enter or a click opens the item of that kind', async () => {
    const onOpenItem = vi.fn();
    const onOpenStory = vi.fn();
    const { user, input } = setup({ onOpenItem, onOpenStory });
    await user.type(input, 'lin');
    await waitFor(() => expect(options()).toHaveLength(5), { timeout: 2000 });
    expect(options().slice(0, 4).map((o) => o.querySelector('.search-row__kind')?.textContent)).toEqual(['用户', '论文', '项目', '文章']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onOpenItem).toHaveBeenLastCalledWith({ type: 'person', id: 17, url: '/users/17' });
    await user.click(input);
    await waitFor(() => expect(options()).toHaveLength(5), { timeout: 2000 });
    await user.click(options()[2]);
    expect(onOpenItem).toHaveBeenLastCalledWith({ type: 'project', id: 26, url: 'https://github.com/lina-ml/open-vl' });
    await user.click(input);
    await waitFor(() => expect(options()).toHaveLength(5), { timeout: 2000 });
    await user.click(options()[3]);
    expect(onOpenStory).toHaveBeenLastCalledWith(3);
  });

  it('搜索语法 in the panel shows the operators and keeps the box open and focused', async () => {
    const { user, input } = setup();
    await user.click(input);
    const button = screen.getByRole('button', { name: '搜索语法' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const help = screen.getByRole('note', { name: '搜索语法' });
    expect(within(help).getByText('type:论文')).toBeInTheDocument();
    expect(within(help).getByText('arxiv:2401.01234')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('Home and End move the caret, not the highlighted row', async () => {
    const { user, input } = setup();
    await user.type(input, '大模型');
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect((input as HTMLInputElement).selectionStart).toBe(0);
    await user.keyboard('{End}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect((input as HTMLInputElement).selectionStart).toBe(3);
  });

  it('清空 is reachable with Tab and clears the history; the panel stays open on the way', async () => {
    addHistory('扩散模型');
    const { user, input } = setup();
    await user.click(input);
    expect(screen.getByText('搜索历史')).toBeVisible();
    await user.tab(); // the submit button
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    const clear = screen.getByRole('button', { name: /清空/ });
    expect(clear).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(readHistory()).toEqual([]);
    expect(screen.queryByText('搜索历史')).toBeNull();
    expect(input).toHaveFocus();
  });

  it('Tab out of the box closes the panel', async () => {
    addHistory('扩散模型');
    const { user, input } = setup();
    await user.click(input);
    await user.tab();
    await user.tab(); // 清空
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // 搜索语法, still in the box
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // out of the box
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter without a highlighted row searches the trimmed text', async () => {
    const { user, input, onSearch } = setup();
    await user.type(input, '  多模态  {Enter}');
    expect(onSearch).toHaveBeenCalledWith('多模态');
  });

  it('limits the input to 100 characters', async () => {
    const { user, input, onSearch } = setup();
    const long = '长'.repeat(120);
    await user.click(input);
    await user.paste(long);
    expect((input as HTMLInputElement).value).toHaveLength(100);
    await user.keyboard('{Enter}');
    expect(onSearch.mock.calls[0][0]).toHaveLength(100);
    expect(normalizeSearch(`  ${'x'.repeat(150)} `, 'AI日报')).toHaveLength(100);
  });

  it('does not search the same text as the previous search again', async () => {
    const { user, input, onSearch } = setup({ previous: '大模型' });
    expect(input).toHaveValue('大模型');
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'Agent{Enter}');
    expect(onSearch).toHaveBeenCalledWith('Agent');
    // and once searched, the same text again is skipped
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('with no text searches the placeholder (default AI日报)', async () => {
    const { user, input, onSearch } = setup({ hotwords: [] });
    expect(input).toHaveAttribute('placeholder', 'AI日报');
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('AI日报');
  });

  it('uses a hot-word placeholder when given', async () => {
    const { user, input, onSearch } = setup({ placeholder: 'Sora' });
    await user.type(input, '   {Enter}');
    expect(onSearch).toHaveBeenCalledWith('Sora');
  });

  it('clicking a history entry searches it and moves it to the top', async () => {
    addHistory('旧的');
    addHistory('新的');
    const { user, input, onSearch } = setup({ hotwords: [] });
    await user.click(input);
    const list = screen.getByRole('listbox');
    await user.click(within(list).getByText('旧的'));
    expect(onSearch).toHaveBeenCalledWith('旧的');
    expect(readHistory()).toEqual(['旧的', '新的']);
  });

  it('has an accessible label and combobox ARIA', () => {
    const { input } = setup();
    expect(input).toHaveAccessibleName('搜索');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
  });

  it('an IME composition is neither suggested nor searched before compositionend', async () => {
    const { user, input, onSearch } = setup();
    await user.click(input);
    fireEvent.compositionStart(input);
    for (const step of ['d', 'da', 'damo', 'damoxing']) {
      fireEvent.change(input, { target: { value: step } });
      expect(input).toHaveValue(step);
    }
    // longer than the suggestion debounce: nothing asked, no row offers the pinyin
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(asked).toEqual([]);
    expect(options().some((o) => o.textContent?.includes('damo'))).toBe(false);
    // Enter while composing picks the IME candidate, it does not search
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '大模型' } });
    fireEvent.compositionEnd(input, { data: '大模型' });
    expect(input).toHaveValue('大模型');
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    expect(asked).toEqual(['大模型']);
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('大模型');
  });

  it('edits in the middle of the text keep the caret where it was', async () => {
    const { user, input, onSearch } = setup();
    await user.type(input, 'abcdef');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}XY');
    expect(input).toHaveValue('abcXYdef');
    expect((input as HTMLInputElement).selectionStart).toBe(5);
    // suggestions arrive: the caret stays
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    expect((input as HTMLInputElement).selectionStart).toBe(5);
    await user.keyboard('Z{Enter}');
    expect(onSearch).toHaveBeenCalledWith('abcXYZdef');
  });
});
