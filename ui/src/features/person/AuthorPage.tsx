import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { ExpertTag } from '@/components/ExpertTag/ExpertTag';
import { Avatar } from '@/components/Img/Img';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { FeedCards, itemKey } from '@/features/feed';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { authorPapersQuery, authorQuery } from './personQueries';
import '@/components/Card/card.css';
import './UserPage.css';

/** `/authors/{name}`: an arXiv author's papers on the hub, and their member page when a member has bound the name. */
export default function AuthorPage() {
  const { name = '' } = useParams();
  const author = useQuery(authorQuery(name));
  const papers = useInfiniteList(authorPapersQuery(name), itemKey);
  useDocumentTitle(name, { description: `${name} 在 AI 社区收录的论文` });
  if (author.isLoading) return <PageLoading />;
  if (author.isError || !author.data) return <QueryError error={author.error} notFound="作者不存在" />;
  const a = author.data;
  return (
    <div className="user-page">
      <section className="user-card">
        <Avatar src={a.avatar_url} name={a.name ?? name} size={72} expert={a.is_expert} />
        <div className="user-card__info">
          <h1 className="user-card__name">{name}{a.is_expert && <ExpertTag />}</h1>
          {a.id != null ? (
            <p className="user-card__arxiv"><Link to={paths.user(a.id)}>{a.name ?? name} 的社区主页</Link></p>
          ) : (
            <p className="user-card__arxiv">arXiv 作者</p>
          )}
        </div>
        <div className="user-card__stats">
          {a.paper_count !== undefined && <div><strong>{formatNumber(a.paper_count)}</strong><span>论文</span></div>}
        </div>
      </section>
      <div className="user-page__tabs"><span className="user-page__tab user-page__tab--on">论文</span></div>
      <ListWrapper label="论文列表" {...papers.listProps}>
        <FeedCards items={papers.items} module="author" />
      </ListWrapper>
    </div>
  );
}
