import { formatNumber, formatRelativeTime } from '@/lib/format';
import { COVER_WIDTH } from '@/lib/image';
import type { StoryInfo } from '@/lib/types';
import { Avatar, Img } from '../Img/Img';
import { Icon } from '../Icon/Icon';
import { TagList } from './TagList';
import './cards.css';

export const ANONYMOUS = '匿名';

/** The author shows as '匿名' when name, avatar or user id is missing (or the story hides the name). */
export function authorOf(s: Pick<StoryInfo, 'user_name' | 'user_avatar' | 'user_id' | 'story_show_user_name'>) {
  const anonymous = !s.user_name || !s.user_avatar || !s.user_id || s.story_show_user_name === false;
  return anonymous ? { name: ANONYMOUS, avatar: null, id: null } : { name: s.user_name as string, avatar: s.user_avatar ?? null, id: s.user_id ?? null };
}

export function storyUrl(id: number | string) {
  return `/view/${id}`;
}

export function StoryCard({ story, summaryHtml, selected }: { story: StoryInfo; summaryHtml?: string; selected?: string[] }) {
  const author = authorOf(story);
  const href = storyUrl(story.id);
  return (
    <article className="card story-card" data-id={story.id}>
      <div className="story-card__main">
        <div className="card-author">
          <Avatar src={author.avatar} name={author.name} size={22} expert={Boolean(story.is_expert) && author.id !== null} />
          <span className="card-author__name">{author.name}</span>
          <span className="card-dot" aria-hidden="true">·</span>
          <time dateTime={story.created_at} className="card-time">{formatRelativeTime(story.created_at)}</time>
        </div>
        <h2 className="card-title">
          {/* opens in a new tab; the title is server-escaped with <em> marks only */}
          <a href={href} target="_blank" rel="noopener" dangerouslySetInnerHTML={{ __html: story.title_html || escapeHtml(story.title) }} />
        </h2>
        {summaryHtml ? (
          <p className="card-summary" dangerouslySetInnerHTML={{ __html: summaryHtml }} />
        ) : (
          story.summary && <p className="card-summary">{story.summary}</p>
        )}
        <div className="card-foot">
          <TagList tags={story.tag_names} selected={selected} />
          <div className="card-stats">
            <span title="点赞"><Icon name="thumb" size={14} />{formatNumber(story.final_score)}</span>
            <span title="收藏"><Icon name="star" size={14} />{formatNumber(story.remark_count)}</span>
            {story.view_count !== undefined && <span title="浏览"><Icon name="eye" size={14} />{formatNumber(story.view_count)}</span>}
          </div>
        </div>
      </div>
      {story.cover_url && (
        <a href={href} target="_blank" rel="noopener" className="story-card__cover" tabIndex={-1} aria-hidden="true">
          <Img src={story.cover_url} resize={COVER_WIDTH} alt="" />
        </a>
      )}
    </article>
  );
}

export function escapeHtml(s: string | undefined | null): string {
  return (s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
