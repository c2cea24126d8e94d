import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { fetchRankings } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import type { RankingRow } from '@/lib/types';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { Tabs } from '@/components/Tabs/Tabs';
import { Avatar } from '@/components/Img/Img';
import { HOT_NOTE } from '@/components/FiltersBar/FiltersBar';
import { Icon } from '@/components/Icon/Icon';
import './RankingsPage.css';

type RankTab = 'global' | 'hub';

const rowKey = (r: RankingRow) => String(r.id);

/** People leaderboard with 'global' and 'hub' tabs (hot, day); experts get the special avatar. */
export default function RankingsPage() {
  const [params, setParams] = useSearchParams();
  const tab: RankTab = params.get('tab') === 'hub' ? 'hub' : 'global';
  useDocumentTitle('榜单');
  const fetchPage = useCallback((page: number, signal: AbortSignal) => fetchRankings(tab, page, signal), [tab]);
  const list = useInfiniteList<RankingRow>(['rankings', tab], fetchPage, rowKey);
  return (
    <div className="rankings">
      <div className="rankings__hero">
        <div>
          <h1 className="rankings__title"><Icon name="trophy" size={22} /> 人物榜单</h1>
          <p className="rankings__note">{HOT_NOTE}</p>
        </div>
      </div>
      <Tabs<RankTab>
        label="榜单类型"
        items={[{ value: 'global', label: '全站榜' }, { value: 'hub', label: 'Hub 榜' }]}
        value={tab}
        onChange={(v) => setParams((p) => { const n = new URLSearchParams(p); n.set('tab', v); return n; })}
      />
      <ListWrapper
        label="榜单"
        {...list.listProps}
      >
        <ol className="rank-list">
          {list.items.map((row, i) => {
            const rank = row.rank ?? i + 1;
            return (
              <li key={row.id} className={`rank-row${rank <= 3 ? ` rank-row--top rank-row--${rank}` : ''}`}>
                <span className="rank-row__rank" aria-label={`第${rank}名`}>{rank}</span>
                <Avatar src={row.avatar_url} name={row.name} size={40} expert={Boolean(row.is_expert)} />
                <div className="rank-row__who">
                  <Link to={`/users/${row.id}`} className="rank-row__name">{row.name}</Link>
                  {row.is_expert && <span className="expert-tag">专家</span>}
                  {row.arxiv_name && <span className="rank-row__arxiv">arXiv: {row.arxiv_name}</span>}
                </div>
                <span className="rank-row__score"><Icon name="fire" size={14} />{formatNumber(row.score)}</span>
              </li>
            );
          })}
        </ol>
      </ListWrapper>
    </div>
  );
}
