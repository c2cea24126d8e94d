import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { components } from '@/api/schema';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { Tabs } from '@/components/Tabs/Tabs';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';

type AcronymPair = components['schemas']['AcronymPair'];
type Status = AcronymPair['status'];

const KEY = ['editor', 'acronyms'] as const;
const FILTERS: { value: Status; label: string }[] = [
  { value: 'pending', label: '待审核' },
  { value: 'accepted', label: '已采纳' },
  { value: 'rejected', label: '已拒绝' },
];
const searchPath = (q: string) => `/search?${new URLSearchParams({ q })}`;

/** What a row offers: a pending pair is accepted or rejected, a decided one is undone (back to 待审核). */
function Decisions({ row, busy, decide }: { row: AcronymPair; busy: boolean; decide: (status: Status) => void }) {
  if (row.status !== 'pending') {
    return (
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => decide('pending')} aria-label={`撤销 ${row.abbreviation}`}>
        撤销
      </button>
    );
  }
  return (
    <span className="acronym__actions">
      <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => decide('accepted')} aria-label={`采纳 ${row.abbreviation}`}>
        采纳
      </button>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => decide('rejected')} aria-label={`拒绝 ${row.abbreviation}`}>
        拒绝
      </button>
    </span>
  );
}

/**
 * Acronym pairs the indexer found documents defining, 全称（缩写） or `Full Name (ABBR)` (GET /v1/editor/acronyms).
 * 采纳 writes the pair into the glossary, 拒绝 stops the search using it, 撤销 puts it back to 待审核
 * (POST /v1/editor/acronyms/{id}/decision). Each form links to its search, to see what it finds.
 */
export function AcronymsSection() {
  const uid = useId();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const pairs = useQuery({
    queryKey: [...KEY, status, page],
    queryFn: ({ signal }) => api.get('/v1/editor/acronyms', { params: { query: { status, page } } }, { signal }),
    staleTime: 0,
  });
  const decide = useMutation({
    mutationFn: ({ id, next }: { id: number; next: Status }) =>
      api.write('post', '/v1/editor/acronyms/{pair_id}/decision', { params: { path: { pair_id: id } }, body: { status: next } }),
    onSuccess: ({ msg }) => {
      toast(msg || '已保存', 'success');
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: ['editor', 'glossary'] });
    },
  });
  const rows = pairs.data?.list ?? [];
  const pages = pairs.data ? Math.max(1, Math.ceil(pairs.data.total / pairs.data.per_page)) : 1;
  const choose = (next: Status) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <section className="editor-card" aria-labelledby={`${uid}-acronyms`}>
      <h2 className="editor-card__title" id={`${uid}-acronyms`}>缩写</h2>
      <p className="editor-card__hint">
        索引时从文档中发现的“全称（缩写）”。待审核的缩写已参与搜索（排在精确匹配之后）；采纳后写入同义词表，拒绝后搜索不再使用。
      </p>
      <Tabs items={FILTERS} value={status} onChange={choose} label="缩写状态" />
      {pairs.isPending ? <PageLoading /> : pairs.isError ? <QueryError error={pairs.error} /> : rows.length === 0 ? (
        <p className="editor-empty">没有{FILTERS.find((f) => f.value === status)?.label}的缩写</p>
      ) : (
        <ul className="rejected-list acronym-list" aria-label="缩写列表">
          {rows.map((row) => (
            <li className="rejected acronym" key={row.id}>
              <div className="rejected__head">
                <Link className="acronym__abbr" to={searchPath(row.abbreviation)} title={`搜索 ${row.abbreviation}`}>{row.abbreviation}</Link>
                <span className="job__note" aria-hidden="true">↔</span>
                <Link className="acronym__full" to={searchPath(row.full_name)} title={`搜索 ${row.full_name}`}>{row.full_name}</Link>
                <span className="job__spacer" />
                <Decisions row={row} busy={decide.isPending} decide={(next) => decide.mutate({ id: row.id, next })} />
              </div>
              <p className="acronym__meta">
                {row.documents} 篇文档定义
                {row.in_glossary ? ' · 已在同义词表' : ''}
                {row.decided_by ? ` · ${row.decided_by} 决定` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="editor-list__foot acronym-pager">
          <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>上一页</button>
          <span className="job__note">第 {page} / {pages} 页</span>
          <button type="button" className="btn btn--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>下一页</button>
        </div>
      )}
    </section>
  );
}
