import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ExpertTag } from '@/components/ExpertTag/ExpertTag';
import { Avatar, Img } from '@/components/Img/Img';
import { SharePopover } from '@/components/SharePopover/SharePopover';
import { NotFound, QueryError } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { TagList } from '@/components/TagList/TagList';
import { DiscussionSection } from '@/features/discussion';
import { RelatedAside } from '@/features/related';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useDuration } from '@/hooks/useTracking';
import { formatDateTime, formatNumber, formatRelativeTime } from '@/lib/format';
import { COVER_WIDTH } from '@/lib/image';
import { paths } from '@/lib/paths';
import { StoryActions } from './StoryActions';
import { storyContentHtml } from './storyContent';
import { storyQuery } from './storyQueries';
import '@/components/Card/card.css';
import './StoryPage.css';

/** The story page shows this many tags (the API sends every tag of a story). */
const TAG_LIMIT = 5;

/** `/view/{id}`: story detail. */
export default function StoryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const story = useQuery(storyQuery(id));
  const s = story.data;
  useDocumentTitle(s?.title, { description: s?.summary, image: s?.cover_url });
  useDuration('detail', s ? { story_id: s.id } : null);
  const content = useMemo(() => storyContentHtml(s?.content), [s?.content]);

  if (!id) return <NotFound />;
  if (story.isLoading) return <PageLoading />;
  if (story.isError || !s) return <QueryError error={story.error} />;
  return (
    <div className="story-page">
      <div className="story-page__main">
        <article className="story-page__article">
          <h1 className="story-page__title">{s.title}</h1>
          <div className="story-page__meta">
            <Avatar src={s.is_anonymous ? null : s.user_avatar} name={s.author_name} size={36} expert={s.is_expert} />
            <div className="story-page__who">
              <span className="story-page__byline">
                {!s.is_anonymous && s.user_id ? (
                  <Link to={paths.user(s.user_id)} className="story-page__author">{s.author_name}</Link>
                ) : (
                  <span className="story-page__author">{s.author_name}</span>
                )}
                {s.is_expert && !s.is_anonymous && <ExpertTag />}
              </span>
              <span className="story-page__time"><time dateTime={s.created_at ?? undefined} title={formatDateTime(s.created_at)}>{formatRelativeTime(s.created_at)}</time>
                {s.view_count !== undefined && <> · 阅读 {formatNumber(s.view_count)}</>}</span>
            </div>
            <SharePopover url={paths.story(s.id)} title={s.title} shareToLink={paths.shareToLink('story', s.id)} />
          </div>
          {s.summary && <p className="story-page__summary">{s.summary}</p>}
          {/* the cover is the page's largest paint: fetched at once, not when layout finds it in view */}
          {s.cover_url && <Img className="story-page__cover" src={s.cover_url} resize={COVER_WIDTH} alt="" fallback="" loading="eager" />}
          <div className="story-content" dangerouslySetInnerHTML={content} />
          <div className="story-page__foot">
            <TagList tags={s.tag_names} limit={TAG_LIMIT} feed={paths.home()} />
            <StoryActions story={s} size={16} onDeleted={() => navigate(paths.home(), { replace: true })} />
          </div>
        </article>
        <DiscussionSection kind="story" itemId={String(s.id)} />
      </div>
      <div className="story-page__aside">
        <RelatedAside of={{ type: 'story', id }} enabled={story.isSuccess} />
      </div>
    </div>
  );
}
