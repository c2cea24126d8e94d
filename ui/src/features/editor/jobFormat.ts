/** How the editors' page words a job: kind, state, progress, speed and time left. */
import type { IndexJob, JobKind } from '@/api/types';

export const ACTIVE_STATES = ['queued', 'running'];

export const TARGET_LABELS: Record<string, string> = {
  story: '文章',
  paper: '论文',
  event: '活动',
  project: '项目',
  user: '用户',
  link_status: '社区动态',
};

const STATE_LABELS: Record<string, string> = {
  queued: '排队中',
  running: '进行中',
  done: '已完成',
  failed: '失败',
  cancelled: '已取消',
};

/**
 * A job's name: the label the API gives its kind (GET /v1/editor/jobs `kinds`, worded once, in
 * api/services/editor.py), plus the content type of a one-kind rebuild. A job of a kind the server no
 * longer offers (a source removed from the configuration) keeps its raw kind.
 */
export function kindLabel(kinds: readonly Pick<JobKind, 'kind' | 'label'>[], kind: string, target?: string | null): string {
  const base = kinds.find((k) => k.kind === kind)?.label ?? kind;
  return target ? `${base}（${TARGET_LABELS[target] ?? target}）` : base;
}

export function stateLabel(job: Pick<IndexJob, 'state' | 'cancel_requested'>): string {
  if (job.state === 'running' && job.cancel_requested) return '正在取消';
  return STATE_LABELS[job.state] ?? job.state;
}

export function isActive(job: Pick<IndexJob, 'state'>): boolean {
  return ACTIVE_STATES.includes(job.state);
}

/** Whole percent for the bar (0–100). */
export function percentOf(job: Pick<IndexJob, 'percent'>): number {
  return Math.max(0, Math.min(100, Math.round(Number(job.percent) || 0)));
}

export function speedLabel(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '—';
  return `${rate >= 100 ? Math.round(rate) : rate.toFixed(1)} 条/秒`;
}

/** Seconds left as 约 N 秒 / 约 N 分 M 秒 / 约 N 小时 M 分. */
export function etaLabel(seconds: number | null | undefined, state: string): string {
  if (state === 'done') return '0 秒';
  if (state !== 'running' || seconds === null || seconds === undefined) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `约 ${s} 秒`;
  if (s < 3600) return `约 ${Math.floor(s / 60)} 分 ${s % 60} 秒`;
  return `约 ${Math.floor(s / 3600)} 小时 ${Math.floor((s % 3600) / 60)} 分`;
}

/** A timestamp as the page shows it: MM-dd HH:mm:ss, local time. */
export function timeLabel(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
