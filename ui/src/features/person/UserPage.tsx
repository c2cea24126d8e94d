import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { ExpertTag } from '@/components/ExpertTag/ExpertTag';
import { Avatar } from '@/components/Img/Img';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { FeedCards, itemKey } from '@/features/feed';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { formatNumber } from '@/lib/format';
import { authorPapersQuery, personQuery, userStoriesQuery } from './personQueries';
import { UserReplies } from './UserReplies';
import '@/components/Card/card.css';
import './UserPage.css';

type Tab = 'stories' | 'papers' | 'replies';
const TABS: { name: Tab; label: string }[] = [{ name: 'stories', label: '文章' }, { name: 'papers', label: '论文' }, { name: 'replies', label: '评论' }];

/** `/users/{id}`: user home with the person's stories, papers and replies, a tab each. */
export default function UserPage() {
  const { id = '' } = useParams();
  const user = useQuery(personQuery(id));
  const u = user.data;
  const arxiv = u?.arxiv_name ?? '';
  useDocumentTitle(u?.name ?? '个人主页', { image: u?.avatar_url });
  const [tab, setTab] = useState<Tab>('stories');
  const stories = useInfiniteList(userStoriesQuery(id), itemKey);
  const papers = useInfiniteList(authorPapersQuery(tab === 'papers' ? arxiv : ''), itemKey);
  if (user.isLoading) return <PageLoading />;
  if (user.isError || !u) return <QueryError error={user.error} notFound="用户不存在" />;
  return (
    <div className="user-page">
      <section className="user-card">
        <Avatar src={u.avatar_url} name={u.name} size={72} expert={u.is_expert} />
        <div className="user-card__info">
          <h1 className="user-card__name">{u.name}{u.is_expert && <ExpertTag />}</h1>
          {arxiv && <p className="user-card__arxiv">arXiv: {arxiv}</p>}
        </div>
        <div className="user-card__stats">
          {u.heat != null && <div title="近 7 天的热度"><strong>{formatNumber(u.heat)}</strong><span>热度</span></div>}
          {u.score !== undefined && <div><strong>{formatNumber(u.score)}</strong><span>积分</span></div>}
          {u.paper_count !== undefined && <div><strong>{formatNumber(u.paper_count)}</strong><span>论文</span></div>}
        </div>
      </section>
      <div className="user-page__tabs" role="tablist" aria-label="主页内容">
        {TABS.map(({ name, label }) => (
          <button
            key={name} type="button" role="tab" id={`user-tab-${name}`} aria-controls="user-tab-panel" aria-selected={tab === name}
            className={`user-page__tab${tab === name ? ' user-page__tab--on' : ''}`} onClick={() => setTab(name)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="user-tab-panel" role="tabpanel" aria-labelledby={`user-tab-${tab}`}>
        {tab === 'stories' ? (
          <ListWrapper label="文章列表" {...stories.listProps}>
            <FeedCards items={stories.items} module="user" />
          </ListWrapper>
        ) : tab === 'replies' ? (
          <UserReplies userId={id} />
        ) : arxiv ? (
          <ListWrapper label="论文列表" {...papers.listProps}>
            <FeedCards items={papers.items} module="user" />
          </ListWrapper>
        ) : (
          <div className="list-state list-state--empty">暂无数据</div>
        )}
      </div>
    </div>
  );
}
