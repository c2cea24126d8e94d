import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorBoundary, QueryError } from '@/components/ErrorView/ErrorView';
import { Icon } from '@/components/Icon/Icon';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { SharePopover } from '@/components/SharePopover/SharePopover';
import { TagList } from '@/components/TagList/TagList';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useDuration } from '@/hooks/useTracking';
import { formatDate, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { paperQuery, paperTrendsQuery } from './paperQueries';
import { latestHeat, trendSince } from './trendChartParts';
import { WishLecture } from './WishLecture';
import { AuthorLinks } from './AuthorLinks';
import { PaperVote } from './PaperVote';
import { PaperCode } from './PaperCode';
import { DiscussionSection } from '@/features/discussion';
import { RelatedAside } from '@/features/related';
import '@/components/Card/card.css';
import './PaperPage.css';

/** The paper page shows this many tags (the API sends every tag of a paper). */
const TAG_LIMIT = 10;

const TrendChart = lazy(() => import('./TrendChart'));

/** `/paper/{id}`: paper detail with its hotness trend. */
export default function PaperPage() {
  const { id = '' } = useParams();
  const paper = useQuery(paperQuery(id));
  const trends = useQuery(paperTrendsQuery(id));
  const p = paper.data;
  useDocumentTitle(p?.title_cn || p?.title, { description: p?.summary_cn || p?.abstract });
  useDuration('detail', p ? { paper_id: p.id } : null);
  if (paper.isLoading) return <PageLoading />;
  if (paper.isError || !p) return <QueryError error={paper.error} />;
  const trend = trends.data && trendSince(trends.data, p.published_at);
  return (
    <article className="paper-page">
      <div className="paper-page__head">
        <div className="paper-page__badges">
          {p.arxiv_id && <span className="paper-page__arxiv">arXiv:{p.arxiv_id}{p.arxiv_version ? `v${p.arxiv_version}` : ''}</span>}
          {p.published_at && <span className="paper-page__date"><Icon name="calendar" size={13} />{formatDate(p.published_at)}</span>}
          <span className="paper-page__hot" title="最近一天的热度，与下方趋势图的最后一天相同"><Icon name="fire" size={14} />热度 {formatNumber(latestHeat(trend, p.hotness))}</span>
        </div>
        <h1 className="paper-page__title">{p.title}</h1>
        {p.title_cn && <p className="paper-page__cn">{p.title_cn}</p>}
        {p.authors && p.authors.length > 0 && <p className="paper-page__authors"><AuthorLinks names={p.authors} /></p>}
        <div className="paper-page__actions">
          <PaperVote paper={p} size="lg" />
          {p.url && <a className="btn btn--ghost btn--sm" href={p.url} target="_blank" rel="noopener noreferrer"><Icon name="external" size={13} />arXiv 原文</a>}
          {p.pdf_url && <a className="btn btn--primary btn--sm" href={p.pdf_url} target="_blank" rel="noopener noreferrer"><Icon name="pdf" size={13} />PDF</a>}
          <Link className="btn btn--ghost btn--sm" to={paths.paperTrends(p.id)}><Icon name="trend" size={13} />热度趋势</Link>
          <SharePopover url={paths.paper(p.id)} title={p.title} shareToLink={paths.shareToLink('paper', p.id)} />
          <WishLecture paperId={p.id} />
        </div>
        <TagList tags={p.tag_names} limit={TAG_LIMIT} feed={paths.papers()} />
      </div>
      {p.summary_cn && (
        <section className="paper-section">
          <h2>中文摘要</h2>
          <p>{p.summary_cn}</p>
        </section>
      )}
      {p.abstract && (
        <section className="paper-section">
          <h2>Abstract</h2>
          <p lang="en">{p.abstract}</p>
        </section>
      )}
      <PaperCode code={p.code} />
      <section className="paper-section">
        <h2>热度趋势</h2>
        {trend && trend.length > 0 ? (
          <ErrorBoundary fallback={<p className="paper-section__muted">出错啦</p>}><Suspense fallback={<PageLoading />}><TrendChart data={trend} height={260} /></Suspense></ErrorBoundary>
        ) : trend || trends.isError ? <p className="paper-section__muted">暂无数据</p> : <PageLoading />}
      </section>
      {p.arxiv_id && <div className="paper-page__related"><RelatedAside of={{ type: 'paper', id: p.arxiv_id }} /></div>}
      <DiscussionSection kind="paper" itemId={String(p.id)} />
    </article>
  );
}
