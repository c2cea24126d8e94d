import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { FeedCards } from '@/features/feed';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { PAGE_DESCRIPTIONS } from '@/lib/pageDescriptions';
import { paths } from '@/lib/paths';
import { dailyPapersQuery, dayHeading, type DailyRange } from './dailyQueries';
import { SubmitPaper } from './SubmitPaper';
import '@/components/Card/card.css';
import './DailyPapersPage.css';

const RANGES: { range: DailyRange; label: string }[] = [{ range: 'week', label: '本周' }, { range: 'month', label: '本月' }];

/** `/papers/daily`: 每日论文, the papers of the week (or month) under their day, each day ranked by upvotes. */
export default function DailyPapersPage() {
  const [params] = useSearchParams();
  const range: DailyRange = params.get('range') === 'month' ? 'month' : 'week';
  useDocumentTitle('每日论文', { description: PAGE_DESCRIPTIONS['papers/daily'] });
  const daily = useQuery(dailyPapersQuery(range));
  return (
    <div className="daily-papers">
      <div className="daily-papers__head">
        <h1 className="daily-papers__title">每日论文</h1>
        <nav className="daily-papers__ranges" aria-label="时间范围">
          {RANGES.map((r) => (
            <Link key={r.range} to={paths.dailyPapers(r.range)} className={`daily-papers__range${r.range === range ? ' daily-papers__range--on' : ''}`} aria-current={r.range === range ? 'page' : undefined}>
              {r.label}
            </Link>
          ))}
        </nav>
        <Link to={paths.papers()} className="daily-papers__all">全部论文</Link>
      </div>
      <SubmitPaper />
      {daily.isLoading ? <PageLoading /> : daily.isError || !daily.data ? <QueryError error={daily.error} /> : daily.data.days.length === 0 ? (
        <div className="list-state list-state--empty">暂无数据</div>
      ) : (
        daily.data.days.map((group) => (
          <section key={group.day} className="daily-papers__day" aria-labelledby={`day-${group.day}`}>
            <h2 className="daily-papers__day-title" id={`day-${group.day}`}>{dayHeading(group.day)}<span>{group.list.length} 篇</span></h2>
            <FeedCards items={group.list} module="daily" />
          </section>
        ))
      )}
    </div>
  );
}
