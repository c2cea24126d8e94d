import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useMemo } from 'react';
import { fetchSimilar, fetchStory } from '@/lib/api';
import { formatDateTime, formatNumber, formatRelativeTime } from '@/lib/format';
import { ApiError } from '@/lib/request';
import { sanitizeHtml } from '@/lib/sanitize';
import { COVER_WIDTH } from '@/lib/image';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { Avatar, Img } from '@/components/Img/Img';
import { Icon } from '@/components/Icon/Icon';
import { SharePopover } from '@/components/SharePopover/SharePopover';
import { ErrorView } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/layouts/Layouts';
import { authorOf, storyUrl } from '@/components/cards/StoryCard';
import { TagList } from '@/components/cards/TagList';
import '@/components/cards/cards.css';
import './StoryPage.css';

/** `/view/{id}`: story detail. */
export default function StoryPage() {
  const { id = '' } = useParams();
  const story = useQuery({ queryKey: ['story', id], queryFn: ({ signal }) => fetchStory(id, signal), enabled: Boolean(id), retry: false });
  const similar = useQuery({ queryKey: ['similar', id], queryFn: () => fetchSimilar(id), enabled: story.isSuccess, retry: false });
  const s = story.data;
  useDocumentTitle(s?.title);
  const html = useMemo(() => sanitizeHtml(s?.content), [s?.content]);

  if (!id) return <ErrorView code={404} message="This page could not be found" />;
  if (story.isLoading) return <PageLoading />;
  if (story.isError || !s) {
    const err = story.error instanceof ApiError ? story.error : null;
    return <ErrorView code={err?.code ?? 500} message={err?.code === 404 ? '内容不存在' : err?.message || '请求失败，点击重新加载'} />;
  }
  const author = authorOf(s);
  const related = (similar.data?.list ?? []).filter((it) => it.story_info && it.story_info.id !== s.id).slice(0, 6);
  return (
    <div className="story-page">
      <article className="story-page__article">
        <h1 className="story-page__title">{s.title}</h1>
        <div className="story-page__meta">
          <Avatar src={author.avatar} name={author.name} size={36} expert={Boolean(s.is_expert) && author.id !== null} />
          <div className="story-page__who">
            {author.id ? <Link to={`/users/${author.id}`} className="story-page__author">{author.name}</Link> : <span className="story-page__author">{author.name}</span>}
            <span className="story-page__time"><time dateTime={s.created_at} title={formatDateTime(s.created_at)}>{formatRelativeTime(s.created_at)}</time>
              {s.view_count !== undefined && <> · 阅读 {formatNumber(s.view_count)}</>}</span>
          </div>
          <SharePopover url={storyUrl(s.id)} title={s.title} />
        </div>
        {s.summary && <p className="story-page__summary">{s.summary}</p>}
        {s.cover_url && <Img className="story-page__cover" src={s.cover_url} resize={COVER_WIDTH} alt="" fallback="" />}
        <div className="story-content" dangerouslySetInnerHTML={{ __html: html }} />
        <div className="story-page__foot">
          <TagList tags={s.tag_names} />
          <div className="card-stats">
            <span title="点赞"><Icon name="thumb" size={15} />{formatNumber(s.final_score)}</span>
            <span title="收藏"><Icon name="star" size={15} />{formatNumber(s.remark_count)}</span>
          </div>
        </div>
      </article>
      <aside className="story-page__aside" aria-label="相关文章">
        <h2 className="aside-title">相关文章</h2>
        {related.length === 0 && <p className="aside-empty">{similar.isLoading ? '正在加载' : '暂无数据'}</p>}
        <ul className="related-list">
          {related.map((it) => (
            <li key={it.story_info!.id}>
              <a href={storyUrl(it.story_info!.id)} target="_blank" rel="noopener">
                <span className="related-list__title">{it.story_info!.title}</span>
                <span className="related-list__meta">{formatRelativeTime(it.story_info!.created_at)} · <Icon name="thumb" size={12} /> {formatNumber(it.story_info!.final_score)}</span>
              </a>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
