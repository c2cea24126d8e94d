import type { StoryInfo } from '@/api/types';
import { Avatar, Img } from '@/components/Img/Img';
import { Icon } from '@/components/Icon/Icon';
import { TagList } from '@/components/TagList/TagList';
import { DISCUSSION_ANCHOR } from '@/kinds';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { COVER_WIDTH } from '@/lib/image';
import { paths } from '@/lib/paths';
import { serverHtml } from '@/lib/serverHtml';
import { StoryActions } from './StoryActions';
import '@/components/Card/card.css';
import './StoryCard.css';

/** A story in a feed (`kind`: in search results, labelled 文章). The API decides the author (`author_name`, '匿名' when anonymous), the expert flag and the tags. */
export function StoryCard({ story, summaryHtml, kind }: { story: StoryInfo; summaryHtml?: string; kind?: boolean }) {
  const href = paths.story(story.id);
  return (
    <article className="card story-card" data-id={story.id}>
      <div className="story-card__main">
        {/* search results name each item's kind, as the search tabs do */}
        {kind && <div className="card-kind">文章</div>}
        <div className="card-author">
          <Avatar src={story.is_anonymous ? null : story.user_avatar} name={story.author_name} size={22} expert={story.is_expert} />
          <span className="card-author__name">{story.author_name}</span>
          <span className="card-dot" aria-hidden="true">·</span>
          <time dateTime={story.created_at ?? undefined} className="card-time">{formatRelativeTime(story.created_at)}</time>
        </div>
        <h2 className="card-title">
          {/* opens in a new tab */}
          <a href={href} target="_blank" rel="noopener" dangerouslySetInnerHTML={serverHtml(story.title_html)} />
        </h2>
        {summaryHtml ? (
          <p className="card-summary" dangerouslySetInnerHTML={serverHtml(summaryHtml)} />
        ) : (
          story.summary && <p className="card-summary">{story.summary}</p>
        )}
        <div className="card-foot">
          <TagList tags={story.tag_names} />
          <div className="card-stats">
            <StoryActions story={story} compact />
            {story.view_count !== undefined && <span title="浏览"><Icon name="eye" size={14} />{formatNumber(story.view_count)}</span>}
            {(story.comment_count ?? 0) > 0 && (
              <a href={`${href}#${DISCUSSION_ANCHOR}`} target="_blank" rel="noopener" className="card-comments" aria-label={`评论 ${formatNumber(story.comment_count)}`}>
                <Icon name="comment" size={14} /><span className="card-comments__label">评论 </span>{formatNumber(story.comment_count)}
              </a>
            )}
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
