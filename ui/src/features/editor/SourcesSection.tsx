import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';
import { timeLabel } from './jobFormat';

const SOURCES_KEY = ['editor', 'sources'] as const;

/**
 * The content sources (GET /v1/editor/sources): configured or not, the last run with its counts and
 * the 5 most recent failures with their reasons; 立即抓取 queues a run on the worker.
 */
export function SourcesSection() {
  const uid = useId();
  const client = useQueryClient();
  const sources = useQuery({
    queryKey: SOURCES_KEY,
    queryFn: ({ signal }) => api.get('/v1/editor/sources', undefined, { signal }),
  });
  const run = useMutation({
    mutationFn: (name: string) => api.write('post', '/v1/editor/sources/{name}/run', { params: { path: { name } } }),
    onSuccess: ({ msg }) => {
      toast(msg || '已开始抓取', 'success');
      void client.invalidateQueries({ queryKey: SOURCES_KEY });
    },
  });
  return (
    <section className="editor-card" aria-labelledby={`${uid}-sources`}>
      <h2 className="editor-card__title" id={`${uid}-sources`}>内容来源</h2>
      <p className="editor-card__hint">按配置定时抓取；未配置的来源不会运行。每个来源保留最近 5 次失败及原因。</p>
      {sources.isPending ? <PageLoading /> : sources.isError ? <QueryError error={sources.error} /> : (
        <ul className="rejected-list" aria-label="来源列表">
          {sources.data.list.map((s) => (
            <li className="rejected source" key={s.name} data-source={s.name}>
              <div className="rejected__head">
                <span className="rejected__doc">{s.label}</span>
                <span className="job__note">{s.configured ? '已配置' : '未配置'}</span>
                <span className="job__spacer" />
                {s.last_run && (
                  <span className="rejected__time">
                    上次 {timeLabel(s.last_run.finished_at ?? s.last_run.started_at)}：{s.last_run.status === 'ok' ? '成功' : '失败'}，
                    新增 {s.last_run.created ?? 0}，更新 {s.last_run.updated ?? 0}
                  </span>
                )}
                <button
                  type="button"
                  className="btn btn--plain btn--small"
                  disabled={!s.configured || (run.isPending && run.variables === s.name)}
                  onClick={() => run.mutate(s.name)}
                >
                  立即抓取
                </button>
              </div>
              {s.failures.length > 0 && (
                <ul className="source__failures" aria-label={`${s.label}最近的失败`}>
                  {s.failures.map((f, i) => (
                    <li key={`${f.at}-${i}`} className="rejected__reason source__failure">{timeLabel(f.at)} {f.reason}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
