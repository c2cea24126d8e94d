import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Anomaly } from '@/api/types';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { KINDS } from '@/kinds';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';

const KEY = ['editor', 'heat-anomalies'] as const;
const percent = (share: number) => `${Math.round(share * 100)}%`;

function ItemLink({ row }: { row: Anomaly }) {
  const title = row.title ?? `#${row.item_id}`;
  const detail = KINDS[row.item_type].detailPath;
  if (detail) return <Link className="rejected__doc" to={detail(row.item_id)}>{title}</Link>;
  return <span className="rejected__doc">{title}</span>;
}

/**
 * Heat that looks bought (GET /v1/editor/heat-anomalies): the day's items whose people come mostly from one
 * network or from accounts created that day. 不计入热度 takes the item's day out of every list
 * (POST /v1/editor/heat-anomalies/discount); its counts stay for the record.
 */
export function AnomaliesSection() {
  const uid = useId();
  const client = useQueryClient();
  const anomalies = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get('/v1/editor/heat-anomalies', undefined, { signal }),
    staleTime: 0,
  });
  const discount = useMutation({
    mutationFn: (row: Anomaly) =>
      api.write('post', '/v1/editor/heat-anomalies/discount', { body: {
        // always there once the list is shown (the button is in it)
        day: anomalies.data?.day as string,
        item_type: row.item_type,
        item_id: row.item_id,
      } }),
    onSuccess: ({ msg }) => {
      toast(msg || '已不计入热度', 'success');
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const rows = anomalies.data?.list ?? [];
  return (
    <section className="editor-card" aria-labelledby={`${uid}-anomalies`}>
      <h2 className="editor-card__title" id={`${uid}-anomalies`}>异常热度</h2>
      <p className="editor-card__hint">
        {anomalies.data?.day ? `${anomalies.data.day} 的` : ''}热度主要来自同一网络，或来自当天新注册账号的内容。不计入热度后，该内容当天的热度不再进入热门和榜单（数据保留）。
      </p>
      {anomalies.isPending ? <PageLoading /> : anomalies.isError ? <QueryError error={anomalies.error} /> : rows.length === 0 ? (
        <p className="editor-empty">没有异常热度</p>
      ) : (
        <ul className="rejected-list" aria-label="异常热度列表">
          {rows.map((row) => (
            <li className="rejected" key={`${row.item_type}-${row.item_id}`}>
              <div className="rejected__head">
                <span className="job__note">{KINDS[row.item_type].label}</span>
                <ItemLink row={row} />
                <span className="job__spacer" />
                {row.discounted ? (
                  <span className="job__note">已不计入热度</span>
                ) : (
                  <button type="button" className="btn btn--small" disabled={discount.isPending} onClick={() => discount.mutate(row)}>
                    不计入热度
                  </button>
                )}
              </div>
              <p className="rejected__reason">
                {row.views} 人浏览 · {row.networks} 个网络（最多的占 {percent(row.top_network_share)}）· 新账号占 {percent(row.new_account_share)} · 热度 {row.heat}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
