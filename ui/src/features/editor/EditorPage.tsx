import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { IndexJob, JobKind, RejectedDocument } from '@/api/types';
import { ErrorView, QueryError } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { useRequireLogin } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { ApiError } from '@/lib/request';
import { isEditor } from './index';
import {
  jobsQuery,
  rejectedQuery,
  useCancelJob,
  useRetryRejected,
  useSaveWordList,
  useStartJob,
  wordListQuery,
  type WordListName,
} from './editorQueries';
import { TARGET_LABELS, etaLabel, isActive, kindLabel, percentOf, speedLabel, stateLabel, timeLabel } from './jobFormat';
import '@/components/Form/form.css';
import { AcronymsSection } from './AcronymsSection';
import { AnomaliesSection } from './AnomaliesSection';
import { HeatSection } from './HeatSection';
import { ReportsSection } from './ReportsSection';
import { SourcesSection } from './SourcesSection';
import './EditorPage.css';

/** `/editor`: index jobs with live progress, documents the engine set aside, the glossary and the hot-word block list. */
export default function EditorPage() {
  useDocumentTitle('编辑工作台');
  const { isLogin, loginInfo } = useRequireLogin();
  if (!isLogin || !loginInfo) return <PageLoading />;
  if (!isEditor(loginInfo)) return <ErrorView code={403} message="没有权限" />;
  return (
    <div className="editor-page">
      <h1 className="editor-page__title">编辑工作台</h1>
      <JobsSection />
      <RejectedSection />
      <ReportsSection />
      <SourcesSection />
      <HeatSection />
      <AnomaliesSection />
      <AcronymsSection />
      <div className="editor-page__lists">
        <WordListSection
          name="glossary"
          title="同义词表"
          help="每行一组同义词，用英文逗号分隔，例如：大模型, LLM, large language model。以 ~ 开头的一行是方面词（如 ~成本, cost：可用于任何主题的词，搜索不会只凭它放宽结果）。以 ! 开头的一行是专名（如 !向量量化, vector quantization：其中较短的词不单独算，向量量化不算量化；重建索引后生效）。以 # 开头的行是注释。"
        />
        <WordListSection
          name="blocklist"
          title="热词屏蔽词"
          help="每行一个词；* 代表任意字符，例如 *加微信* 屏蔽所有包含“加微信”的词。以 # 开头的行是注释。"
        />
      </div>
    </div>
  );
}

function JobsSection() {
  const jobs = useQuery(jobsQuery());
  const start = useStartJob();
  const cancel = useCancelJob();
  const uid = useId();
  const [picked, setTarget] = useState<string | null>(null);
  if (jobs.isPending) return <section className="editor-card"><PageLoading /></section>;
  if (jobs.isError) return <section className="editor-card"><QueryError error={jobs.error} /></section>;
  const { list, kinds } = jobs.data;
  const busy = (kind: string) => list.some((j) => isActive(j) && sameGroup(j.kind, kind));
  const targets = kinds.find((k) => k.kind === 'reindex-kind')?.targets ?? [];
  // The server's first kind until the editor picks one (the UI names no kind of its own here).
  const target = picked !== null && targets.includes(picked) ? picked : (targets[0] ?? '');
  return (
    <section className="editor-card" aria-labelledby={`${uid}-jobs`}>
      <h2 className="editor-card__title" id={`${uid}-jobs`}>索引任务</h2>
      <p className="editor-card__hint">同一时间只能运行一个重建任务；重建期间搜索照常可用，完成后才切换到新索引。</p>
      <div className="job-starters">
        {kinds.map((k: JobKind) => (
          <div className="job-starter" key={k.kind}>
            {k.kind === 'reindex-kind' && (
              <select className="select job-starter__target" aria-label="要重建的内容类型" value={target} onChange={(e) => setTarget(e.target.value)}>
                {targets.map((t) => <option key={t} value={t}>{TARGET_LABELS[t] ?? t}</option>)}
              </select>
            )}
            <button
              type="button"
              className="btn btn--primary"
              disabled={start.isPending || busy(k.kind)}
              onClick={() => start.mutate(k.kind === 'reindex-kind' ? { kind: k.kind, target } : { kind: k.kind })}
            >
              {k.label}
            </button>
          </div>
        ))}
      </div>
      {list.length === 0 ? (
        <p className="editor-empty">还没有任务</p>
      ) : (
        <ul className="job-list" aria-label="任务列表">
          {list.map((job) => (
            <JobRow key={job.id} job={job} kinds={kinds} onCancel={() => cancel.mutate(job.id)} cancelling={cancel.isPending && cancel.variables === job.id} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every reindex is one group on the server: while one runs the others cannot start. */
function sameGroup(a: string, b: string): boolean {
  const group = (k: string) => (k.startsWith('reindex-') ? 'reindex' : k);
  return group(a) === group(b);
}

function JobRow({ job, kinds, onCancel, cancelling }: { job: IndexJob; kinds: JobKind[]; onCancel: () => void; cancelling: boolean }) {
  const percent = percentOf(job);
  const label = kindLabel(kinds, job.kind, job.target);
  return (
    <li className={`job job--${job.state}`} data-job-id={job.id} data-state={job.state}>
      <div className="job__head">
        <span className="job__name">#{job.id} {label}</span>
        <span className={`job__state job__state--${job.state}`}>{stateLabel(job)}</span>
        {job.runs > 1 && <span className="job__note">已重新开始 {job.runs - 1} 次</span>}
        <span className="job__spacer" />
        {isActive(job) && (
          <button type="button" className="btn btn--plain btn--small" disabled={cancelling || job.cancel_requested} onClick={onCancel}>
            取消
          </button>
        )}
      </div>
      <div className="job__bar" role="progressbar" aria-label={`${label} 进度`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className="job__fill" style={{ width: `${percent}%` }} />
      </div>
      <dl className="job__figures">
        <div><dt>进度</dt><dd className="job__percent">{percent}%</dd></div>
        <div><dt>已处理</dt><dd className="job__count">{job.done}/{job.total}</dd></div>
        <div><dt>速度</dt><dd>{speedLabel(job.docs_per_second)}</dd></div>
        <div><dt>预计剩余</dt><dd>{etaLabel(job.eta_seconds, job.state)}</dd></div>
        <div><dt>发起人</dt><dd>{job.started_by}</dd></div>
        <div><dt>创建时间</dt><dd>{timeLabel(job.created_at)}</dd></div>
      </dl>
      {job.state === 'done' && job.result && typeof job.result.rejected === 'number' && job.result.rejected > 0 && (
        <p className="job__warn">{job.result.rejected} 篇文档被搁置，见下方列表</p>
      )}
      {job.error && <p className="job__error">{job.error}</p>}
    </li>
  );
}

const ENTITY_LABELS: Record<string, string> = { ...TARGET_LABELS };

function RejectedSection() {
  const uid = useId();
  const jobs = useQuery(jobsQuery());
  const running = Boolean(jobs.data?.list.some(isActive));
  const rejected = useQuery(rejectedQuery(running));
  const retry = useRetryRejected();
  return (
    <section className="editor-card" aria-labelledby={`${uid}-rejected`}>
      <h2 className="editor-card__title" id={`${uid}-rejected`}>被搁置的文档</h2>
      <p className="editor-card__hint">搜索引擎拒收的文档不会中断重建，会先放在这里。修正原始数据后点“重试”，文档会重新进入索引队列，成功后自动从列表移除。</p>
      {rejected.isPending ? (
        <PageLoading />
      ) : rejected.isError ? (
        <QueryError error={rejected.error} />
      ) : rejected.data.list.length === 0 ? (
        <p className="editor-empty">没有被搁置的文档</p>
      ) : (
        <ul className="rejected-list">
          {rejected.data.list.map((item: RejectedDocument) => (
            <li className="rejected" key={item.id} data-doc-id={item.doc_id}>
              <div className="rejected__head">
                <span className="rejected__doc">{ENTITY_LABELS[item.entity_type] ?? item.entity_type} #{item.entity_id}</span>
                <span className="rejected__time">{timeLabel(item.created_at)}{item.job_id ? ` · 任务 #${item.job_id}` : ''}</span>
                <span className="job__spacer" />
                {item.retried_at && <span className="job__note">已于 {timeLabel(item.retried_at)} 重试</span>}
                <button type="button" className="btn btn--plain btn--small" disabled={retry.isPending && retry.variables === item.id} onClick={() => retry.mutate(item.id)}>
                  重试
                </button>
              </div>
              <p className="rejected__reason" title={item.reason}>{item.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WordListSection({ name, title, help }: { name: WordListName; title: string; help: string }) {
  const uid = useId();
  const list = useQuery(wordListQuery(name));
  const save = useSaveWordList(name);
  const [text, setText] = useState<string | null>(null);
  // The server's text as last shown: a new one (accepting an acronym writes the glossary) replaces the draft
  // unless the editor has changed it since.
  const [shown, setShown] = useState<string | null>(null);
  const server = list.data?.text ?? null;
  if (server !== null && server !== shown) {
    setShown(server);
    if (text === null || text === shown) setText(server);
  }
  const error = save.error instanceof ApiError ? save.error.message : null;
  return (
    <section className="editor-card" aria-labelledby={`${uid}-title`}>
      <h2 className="editor-card__title" id={`${uid}-title`}>{title}</h2>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <QueryError error={list.error} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text !== null && !save.isPending) save.mutate(text);
          }}
        >
          <p className="editor-card__hint" id={`${uid}-help`}>{help}</p>
          <textarea
            className="textarea editor-textarea"
            aria-label={title}
            aria-describedby={`${uid}-help`}
            aria-invalid={Boolean(error)}
            spellCheck={false}
            value={text ?? ''}
            onChange={(e) => setText(e.target.value)}
          />
          {error && <p className="field__error" role="alert">{error}</p>}
          <div className="editor-list__foot">
            <span className="field__hint">共 {list.data.lines} 条 · {list.data.applies}</span>
            <button type="submit" className="btn btn--primary" disabled={save.isPending || text === list.data.text}>保存</button>
          </div>
        </form>
      )}
    </section>
  );
}
