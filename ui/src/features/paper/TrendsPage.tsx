import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorBoundary, QueryError } from '@/components/ErrorView/ErrorView';
import { Icon } from '@/components/Icon/Icon';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { paperQuery, paperTrendsQuery } from './paperQueries';
import { latestHeat, trendSince } from './trendChartParts';
import './PaperPage.css';
import './TrendsPage.css';

const TrendChart = lazy(() => import('./TrendChart'));

/** `/trends/{id}`: the paper's hotness as a time series. */
export default function TrendsPage() {
  const { id = '' } = useParams();
  const paper = useQuery(paperQuery(id));
  const trends = useQuery(paperTrendsQuery(id));
  useDocumentTitle(paper.data ? `${paper.data.title_cn || paper.data.title} 热度趋势` : '热度趋势');
  if (trends.isError) return <QueryError error={trends.error} />;
  const series = trendSince(trends.data ?? [], paper.data?.published_at);
  const total = series.reduce((n, [, v]) => n + (Number(v) || 0), 0);
  const peak = series.reduce((m, [, v]) => Math.max(m, Number(v) || 0), 0);
  return (
    <div className="trends-page">
      <div className="paper-page__head">
        <Link to={paper.data ? paths.paper(id) : paths.papers()} className="trends-page__back"><Icon name="chevronRight" size={12} style={{ transform: 'rotate(180deg)' }} />返回论文</Link>
        <h1 className="paper-page__title">{paper.data?.title ?? '论文热度趋势'}</h1>
        {paper.data?.title_cn && <p className="paper-page__cn">{paper.data.title_cn}</p>}
        <div className="trends-stats">
          <div><span>当前热度</span><strong>{formatNumber(latestHeat(series, paper.data?.hotness))}</strong></div>
          <div><span>区间累计</span><strong>{formatNumber(total)}</strong></div>
          <div><span>单日峰值</span><strong>{formatNumber(peak)}</strong></div>
          <div><span>天数</span><strong>{series.length}</strong></div>
        </div>
      </div>
      <section className="paper-section">
        <h2>热度趋势</h2>
        {/* The chart waits for the paper too: its publication day trims the padded days, and drawing before it
            arrived would redraw the chart under the reader's pointer. */}
        {!trends.data || paper.isPending ? (
          <PageLoading />
        ) : series.length > 0 ? (
          <ErrorBoundary fallback={<p className="paper-section__muted">出错啦</p>}><Suspense fallback={<PageLoading />}><TrendChart data={series} height={360} /></Suspense></ErrorBoundary>
        ) : (
          <p className="paper-section__muted">暂无数据</p>
        )}
      </section>
    </div>
  );
}
