import { useId } from 'react';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { LoadMoreButton } from '@/components/LoadMoreButton/LoadMoreButton';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { REPORT_REASONS } from '@/features/story';
import { pagedQueryOptions, useInfiniteList } from '@/hooks/useInfiniteList';
import type { ReportPage } from '@/api/types';
import { api } from '@/lib/requestApi';
import { paths } from '@/lib/paths';
import { timeLabel } from './jobFormat';

const SIZE = 20;
const reasonOf = (type: number) => REPORT_REASONS.find((r) => r.value === type)?.label ?? `类型 ${type}`;
/** One report per reader and story. */
const reportKey = (r: ReportPage['list'][number]) => `${r.story_id}-${r.user_id}`;
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * The reports readers filed (GET /v1/editor/reports), newest first: the story to open, who reported,
 * the reason, the link and the remark. Everything a reporter wrote is rendered as text.
 */
export function ReportsSection() {
  const uid = useId();
  const reports = useInfiniteList(
    pagedQueryOptions(['editor', 'reports'], (page, signal) => api.get('/v1/editor/reports', { params: { query: { page, size: SIZE } } }, { signal })),
    reportKey,
  );
  const rows = reports.items;
  return (
    <section className="editor-card" aria-labelledby={`${uid}-reports`}>
      <h2 className="editor-card__title" id={`${uid}-reports`}>举报</h2>
      <p className="editor-card__hint">读者的举报，最新的在前。打开文章后可以编辑，或填写理由删除。</p>
      {reports.isPending ? <PageLoading /> : reports.isError ? <QueryError error={reports.error} /> : rows.length === 0 ? (
        <p className="editor-empty">还没有举报</p>
      ) : (
        <ul className="rejected-list" aria-label="举报列表">
          {rows.map((r) => (
            <li className="rejected report" key={reportKey(r)} data-story-id={r.story_id}>
              <div className="rejected__head">
                {r.story_deleted
                  ? <span className="rejected__doc">{r.story_title}（已删除）</span>
                  : <Link className="rejected__doc" to={paths.story(r.story_id)}>{r.story_title}</Link>}
                <span className="job__note">{reasonOf(r.type)}</span>
                <span className="job__spacer" />
                <span className="rejected__time">{r.user_name} · {timeLabel(r.created_at)}</span>
              </div>
              {r.remark && <p className="report__remark">{r.remark}</p>}
              {r.url && (isWebLink(r.url)
                ? <a className="report__link" href={r.url} target="_blank" rel="noopener noreferrer nofollow">{r.url}</a>
                : <span className="report__link">{r.url}</span>)}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton {...reports.listProps} />
    </section>
  );
}
