import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginInfo } from '@/api/types';
import { LocationProbe } from '../../../tests/render';
import StoryEditPage from './StoryEditPage';
import { clearAllDrafts, draftKey, loadDraft, saveDraft, type StoryDraft } from './storyDraft';
import { canAddTag, EDITOR_MSG, toBody, validateStory, type StoryForm } from './storyRules';

const form = (over: Partial<StoryForm> = {}): StoryForm => ({
  title: '标题', content: '<p>正文</p>', text: '正文', summary: '', cover_url: '', tags: [], story_show_user_name: true, ...over,
});
const draft = (over: Partial<StoryDraft> = {}): StoryDraft => ({
  title: 't', content: '<p>c</p>', summary: '', cover_url: '', tags: [], story_show_user_name: true, saved_at: 1, ...over,
});

afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

// ProseMirror asks for layout jsdom does not have.
beforeAll(() => {
  const rects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

describe('editor validation', () => {
  it('title required and at most 200', () => {
    expect(validateStory(form({ title: '  ' })).title).toBe(EDITOR_MSG.titleRequired);
    expect(validateStory(form({ title: '字'.repeat(200) })).title).toBeUndefined();
    expect(validateStory(form({ title: '字'.repeat(201) })).title).toBe('标题不能超过200个字符');
  });
  it('content required', () => {
    expect(validateStory(form({ content: '', text: '' })).content).toBe('请填写内容');
    expect(validateStory(form({ content: '<p></p>', text: '   ' })).content).toBe('请填写内容');
  });
  it('cover must be http(s)', () => {
    expect(validateStory(form({ cover_url: 'data:image/png;base64,xx' })).cover_url).toBe('封面链接格式错误');
    expect(validateStory(form({ cover_url: 'https://assets.aihub.example/c.png' })).cover_url).toBeUndefined();
  });
  it("a demo story's own picture (/media/demo/…) may stay its cover; other site paths may not", () => {
    expect(validateStory(form({ cover_url: '/media/demo/cover-03.webp' })).cover_url).toBeUndefined();
    expect(validateStory(form({ cover_url: '/media/../etc/passwd' })).cover_url).toBe('封面链接格式错误');
    expect(validateStory(form({ cover_url: '/elsewhere/a.png' })).cover_url).toBe('封面链接格式错误');
  });
  it('tags: at most 5, from the static groups, each group under its limit', () => {
    expect(validateStory(form({ tags: ['llm', 'aigc', 'agent', 'multimodal', 'nlp'] })).tags).toBeUndefined();
    expect(validateStory(form({ tags: ['llm', 'aigc', 'agent', 'multimodal', 'nlp', 'cv'] })).tags).toBe('最多选择5个标签');
    expect(validateStory(form({ tags: ['nope'] })).tags).toBe('标签不存在');
    expect(canAddTag(['llm', 'aigc', 'agent', 'multimodal', 'nlp'], 'cv')).toBe(false);
    expect(canAddTag(['llm'], 'cv')).toBe(true);
    expect(canAddTag([], 'nope')).toBe(false);
  });
  it('builds the API body', () => {
    expect(toBody(form({ title: ' T ', summary: ' ', cover_url: '', tags: ['llm'], story_show_user_name: false }))).toEqual({
      title: 'T', content: '<p>正文</p>', tags: ['llm'], story_show_user_name: false,
    });
  });
});

describe('drafts', () => {
  it('saves and loads by story', () => {
    expect(saveDraft(draftKey(undefined), draft({ title: 'new' }))).toBe(true);
    expect(saveDraft(draftKey(5), draft({ title: 'five' }))).toBe(true);
    expect(loadDraft(draftKey(undefined))?.title).toBe('new');
    expect(loadDraft(draftKey(5))?.title).toBe('five');
    expect(loadDraft(draftKey(6))).toBeNull();
  });
  it('a quota error clears every stored draft (and nothing else)', () => {
    saveDraft(draftKey(undefined), draft());
    saveDraft(draftKey(5), draft());
    localStorage.setItem('search-history', '["a"]');
    const quota = new DOMException('full', 'QuotaExceededError');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw quota; });
    expect(saveDraft(draftKey(7), draft())).toBe(false);
    vi.restoreAllMocks();
    expect(loadDraft(draftKey(undefined))).toBeNull();
    expect(loadDraft(draftKey(5))).toBeNull();
    expect(localStorage.getItem('search-history')).toBe('["a"]');
  });
  it('clearAllDrafts keeps other keys', () => {
    saveDraft(draftKey(1), draft());
    localStorage.setItem('other', '1');
    clearAllDrafts();
    expect(localStorage.length).toBe(1);
  });
});

const ME: LoginInfo = { id: 9, name: '我' };

function renderCreate(handler: (url: string, init: RequestInit) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/api/v1/users') return new Response(JSON.stringify({ code: 0, data: ME, msg: '' }));
    return new Response(JSON.stringify(handler(url, init)));
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/create']}>
        <Routes>
          <Route path="/create" element={<StoryEditPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('/create', () => {
  it('shows the messages, keeps a draft, publishes and clears the draft', async () => {
    const fetchMock = renderCreate(() => ({ code: 0, data: { id: 42, title: 'Hello' }, msg: '发布成功' }));
    const publish = await screen.findByRole('button', { name: '发布' });
    await userEvent.click(publish);
    expect(await screen.findAllByText('请填写标题')).not.toHaveLength(0);
    expect(screen.getAllByText('请填写内容')).not.toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^标题/), 'Hello');
    expect(screen.queryAllByText('请填写标题')).toHaveLength(0);
    // the draft is written after a pause
    await waitFor(() => expect(loadDraft(draftKey(undefined))?.title).toBe('Hello'), { timeout: 2000 });
    // tags: the sixth is disabled
    for (const label of ['大模型', 'AIGC']) await userEvent.click(screen.getByRole('button', { name: label }));
    expect(screen.getByText('已选 2/5')).toBeInTheDocument();
    // jsdom has no layout for ProseMirror's typing: write through the TipTap editor behind the field
    const editor = screen.getByRole('textbox', { name: /正文/ }) as HTMLElement & { editor: { commands: { insertContent: (c: string) => void } } };
    act(() => editor.editor.commands.insertContent('<p>正文内容</p>'));
    await waitFor(() => expect(screen.queryAllByText('请填写内容')).toHaveLength(0));
    await userEvent.click(screen.getByRole('button', { name: '发布' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/view/42'));
    const call = fetchMock.mock.calls.find((c) => String(c[0]) === '/api/v1/stories')!;
    const body = JSON.parse((call[1] as RequestInit).body as string);
    expect((call[1] as RequestInit).method).toBe('POST');
    expect(body).toMatchObject({ title: 'Hello', tags: ['llm', 'aigc'], story_show_user_name: true });
    expect(body.content).toContain('正文内容');
    expect(loadDraft(draftKey(undefined))).toBeNull();
  });

  it('restores a stored draft', async () => {
    saveDraft(draftKey(undefined), draft({ title: '旧草稿', tags: ['llm'] }));
    renderCreate(() => ({ code: 0, data: null, msg: '' }));
    expect(await screen.findByDisplayValue('旧草稿')).toBeInTheDocument();
    expect(screen.getByText('已恢复本地草稿')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '放弃草稿' }));
    expect(screen.getByLabelText(/^标题/)).toHaveValue('');
    expect(loadDraft(draftKey(undefined))).toBeNull();
  });

  it('the cover preview appears only for a link that can be a picture', async () => {
    renderCreate(() => ({ code: 0, data: null, msg: '' }));
    const cover = await screen.findByLabelText('封面');
    await userEvent.type(cover, 'htt');
    expect(screen.queryByAltText('封面预览')).toBeNull();
    await userEvent.type(cover, 'ps://cdn.example/c.png');
    expect(screen.getByAltText('封面预览')).toBeInTheDocument();
    await userEvent.clear(cover);
    await userEvent.type(cover, 'javascript:alert(1)');
    expect(screen.queryByAltText('封面预览')).toBeNull();
  });
});
