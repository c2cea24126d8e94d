import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { StoryDetail } from '@/api/types';
import { ErrorView, QueryError } from '@/components/ErrorView/ErrorView';
import { Img } from '@/components/Img/Img';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { useRequireLogin } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { COVER_WIDTH } from '@/lib/image';
import { paths } from '@/lib/paths';
import { api } from '@/lib/requestApi';
import { TAG_GROUPS, TAGS_BY_ID } from '@/lib/tags';
import { toast } from '@/lib/toast';
import { isPictureUrl } from '@/lib/url';
import { RichEditor, type EditorChange } from './RichEditor';
import { PICTURE_TYPES, pictureFiles, uploadImage } from './uploadImage';
import { draftKey, loadDraft, removeDraft, saveDraft, type StoryDraft } from './storyDraft';
import { storyQuery } from './storyQueries';
import { canAddTag, SUMMARY_MAX, TAGS_MAX, TITLE_MAX, toBody, validateStory, type StoryErrors, type StoryForm } from './storyRules';
import '@/components/Form/form.css';
import './StoryEditPage.css';

export const PUBLISH_OK = '发布成功';
export const SAVE_OK = '保存成功';
export const DRAFT_QUOTA = '本地存储空间不足，已清除草稿';
/** Drafts are written this long after the last change. */
export const DRAFT_DELAY = 500;

const EMPTY: StoryForm = { title: '', content: '', text: '', summary: '', cover_url: '', tags: [], story_show_user_name: true };

function textOf(html: string): string {
  if (!html) return '';
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.textContent ?? '';
}

function fromStory(s: StoryDetail): StoryForm {
  return {
    title: s.title ?? '',
    content: s.content ?? '',
    text: textOf(s.content ?? ''),
    summary: s.summary ?? '',
    cover_url: s.cover_url ?? '',
    tags: (s.tag_names ?? []).map((t) => t.id).filter((t) => TAGS_BY_ID.has(t)),
    story_show_user_name: s.story_show_user_name !== false,
  };
}

function fromDraft(d: StoryDraft): StoryForm {
  return { ...d, text: textOf(d.content) };
}

/** `/create` and `/update/{id}`: the story editor. */
export default function StoryEditPage() {
  const { id } = useParams();
  const editing = Boolean(id);
  const { isLogin } = useRequireLogin();
  const story = useQuery({ ...storyQuery(id ?? ''), enabled: editing && isLogin === true });
  useDocumentTitle(editing ? '编辑文章' : '写文章');

  if (!isLogin) return <PageLoading />;
  if (editing) {
    if (story.isLoading) return <PageLoading />;
    if (story.isError || !story.data) return <QueryError error={story.error} />;
    if (!story.data.can_editor) return <ErrorView code={403} message="没有权限编辑这篇文章" />;
    return <EditorForm key={`u${id}`} storyId={story.data.id} base={fromStory(story.data)} />;
  }
  return <EditorForm key="new" base={EMPTY} />;
}

function EditorForm({ storyId, base }: { storyId?: number; base: StoryForm }) {
  const key = draftKey(storyId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const uid = useId();
  const [restored] = useState(() => loadDraft(key));
  const [initial] = useState<StoryForm>(() => (restored ? fromDraft(restored) : base));
  const [form, setForm] = useState<StoryForm>(initial);
  const [showRestored, setShowRestored] = useState(Boolean(restored));
  // what the editor starts from; a new `n` remounts it (discarding a draft)
  const [seed, setSeed] = useState({ content: initial.content, n: 0 });
  const [errors, setErrors] = useState<StoryErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const dirty = useRef(false);
  const done = useRef(false);
  const quotaShown = useRef(false);

  // Keep the draft a moment after each change (not before the first one).
  useEffect(() => {
    if (!dirty.current || done.current) return undefined;
    const t = setTimeout(() => {
      const { text: _text, ...rest } = form;
      const ok = saveDraft(key, { ...rest, saved_at: Date.now() });
      if (!ok && !quotaShown.current) {
        quotaShown.current = true;
        toast(DRAFT_QUOTA, 'error');
      }
    }, DRAFT_DELAY);
    return () => clearTimeout(t);
  }, [form, key]);

  const change = (patch: Partial<StoryForm>) => {
    dirty.current = true;
    setForm((f) => {
      const next = { ...f, ...patch };
      if (submitted) setErrors(validateStory(next));
      return next;
    });
  };
  const onContent = ({ html, text }: EditorChange) => change({ content: html, text });
  const [coverUploading, setCoverUploading] = useState(false);
  const uploadCover = async (file: File) => {
    setCoverUploading(true);
    try {
      change({ cover_url: await uploadImage(file) });
    } catch {
      /* the request layer showed the server's message (not a picture, too large) */
    } finally {
      setCoverUploading(false);
    }
  };

  const discardDraft = () => {
    removeDraft(key);
    dirty.current = false;
    setForm(base);
    setErrors({});
    setShowRestored(false);
    setSeed((x) => ({ content: base.content, n: x.n + 1 }));
  };

  const save = useMutation({
    mutationFn: () =>
      storyId
        ? api.write('put', '/v1/stories/{story_id}', { params: { path: { story_id: storyId } }, body: toBody(form) })
        : api.write('post', '/v1/stories', { body: toBody(form) }),
    onSuccess: ({ data, msg }) => {
      done.current = true;
      removeDraft(key);
      toast(msg || (storyId ? SAVE_OK : PUBLISH_OK), 'success');
      const newId = data?.id ?? storyId;
      if (data?.id) client.setQueryData(['story', String(data.id)], data);
      // lists and search may now hold the story (or its new title)
      client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'login-info' && q.queryKey[0] !== 'story' });
      navigate(newId ? paths.story(newId) : paths.home(), { replace: true });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateStory(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus?.();
      return;
    }
    if (!save.isPending) save.mutate();
  };

  const toggleTag = (tagId: string) => {
    if (form.tags.includes(tagId)) change({ tags: form.tags.filter((t) => t !== tagId) });
    else if (canAddTag(form.tags, tagId)) change({ tags: [...form.tags, tagId] });
  };

  const titleLen = [...form.title].length;
  const summaryLen = [...form.summary].length;

  return (
    <form className="story-edit" onSubmit={submit} noValidate>
      <div className="story-edit__head">
        <h1 className="story-edit__h1">{storyId ? '编辑文章' : '写文章'}</h1>
        <div className="story-edit__actions">
          <button type="button" className="btn btn--plain" onClick={() => navigate(-1)}>取消</button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? '正在提交' : storyId ? '保存' : '发布'}
          </button>
        </div>
      </div>
      {showRestored && (
        <div className="story-edit__notice" role="status">
          已恢复本地草稿
          <button type="button" className="btn btn--sm btn--plain" onClick={discardDraft}>放弃草稿</button>
        </div>
      )}
      <div className="field">
        <div className="field__row">
          <label className="field__label" htmlFor={`${uid}-title`}>标题<span className="req">*</span></label>
          <span className={`field__counter${titleLen > TITLE_MAX ? ' field__counter--over' : ''}`}>{titleLen}/{TITLE_MAX}</span>
        </div>
        <input
          id={`${uid}-title`}
          className="input story-edit__title"
          placeholder="请输入标题"
          value={form.title}
          maxLength={TITLE_MAX}
          aria-invalid={Boolean(errors.title)}
          onChange={(e) => change({ title: e.target.value })}
        />
        {errors.title && <p className="field__error" role="alert">{errors.title}</p>}
      </div>
      <div className="field">
        <span className="field__label" id={`${uid}-content`}>正文<span className="req">*</span></span>
        <RichEditor value={seed.content} resetKey={String(seed.n)} onChange={onContent} invalid={Boolean(errors.content)} labelledBy={`${uid}-content`} />
        {errors.content && <p className="field__error" role="alert">{errors.content}</p>}
      </div>
      <div className="field">
        <div className="field__row">
          <span className="field__label" id={`${uid}-tags`}>标签</span>
          <span className="field__counter">已选 {form.tags.length}/{TAGS_MAX}</span>
        </div>
        <div className="tag-picker" role="group" aria-labelledby={`${uid}-tags`}>
          {TAG_GROUPS.map((g) => (
            <div key={g.id} className="tag-picker__group">
              <div className="tag-picker__title">{g.title}</div>
              <div className="tag-picker__chips">
                {g.children.map((t) => {
                  const on = form.tags.includes(t.id);
                  const disabled = !on && !canAddTag(form.tags, t.id);
                  return (
                    <button
                      key={t.id}
                      type="button"
                      className={`tag-chip${on ? ' tag-chip--on' : ''}`}
                      aria-pressed={on}
                      disabled={disabled}
                      title={t.description_cn || t.description}
                      onClick={() => toggleTag(t.id)}
                    >
                      {t.label}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
        {errors.tags && <p className="field__error" role="alert">{errors.tags}</p>}
      </div>
      <div className="field">
        <div className="field__row">
          <label className="field__label" htmlFor={`${uid}-summary`}>摘要</label>
          <span className={`field__counter${summaryLen > SUMMARY_MAX ? ' field__counter--over' : ''}`}>{summaryLen}/{SUMMARY_MAX}</span>
        </div>
        <textarea
          id={`${uid}-summary`}
          className="textarea"
          rows={3}
          maxLength={SUMMARY_MAX}
          placeholder="选填，不填写时取正文开头"
          value={form.summary}
          aria-invalid={Boolean(errors.summary)}
          onChange={(e) => change({ summary: e.target.value })}
        />
        {errors.summary && <p className="field__error" role="alert">{errors.summary}</p>}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${uid}-cover`}>封面</label>
        <input
          id={`${uid}-cover`}
          className="input"
          type="url"
          inputMode="url"
          placeholder="选填，封面图片链接（http:// 或 https://）"
          value={form.cover_url}
          aria-invalid={Boolean(errors.cover_url)}
          onChange={(e) => change({ cover_url: e.target.value })}
        />
        <label className="btn btn--ghost btn--sm story-edit__upload" aria-busy={coverUploading}>
          {coverUploading ? '上传中…' : '上传封面'}
          <input
            type="file"
            accept={PICTURE_TYPES.join(',')}
            hidden
            disabled={coverUploading}
            onChange={(e) => { const file = pictureFiles(e.target.files)[0]; e.target.value = ''; if (file) void uploadCover(file); }}
          />
        </label>
        {errors.cover_url && <p className="field__error" role="alert">{errors.cover_url}</p>}
        {/* a preview only of a link that can be a picture: typing one never flashes a broken image */}
        {isPictureUrl(form.cover_url.trim()) && !errors.cover_url && (
          <Img className="story-edit__cover" src={form.cover_url.trim()} resize={COVER_WIDTH} alt="封面预览" fallback="" />
        )}
      </div>
      <label className="story-edit__check">
        <input type="checkbox" checked={form.story_show_user_name} onChange={(e) => change({ story_show_user_name: e.target.checked })} />
        显示作者名（不勾选时匿名发布）
      </label>
    </form>
  );
}
