import { Link, useSearchParams } from 'react-router-dom';
import type { RankedPerson } from '@/api/types';
import { ExpertTag } from '@/components/ExpertTag/ExpertTag';
import { HOT_NOTE } from '@/components/FiltersBar/FiltersBar';
import { Icon } from '@/components/Icon/Icon';
import { Avatar } from '@/components/Img/Img';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { Tabs } from '@/components/Tabs/Tabs';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { PAGE_DESCRIPTIONS } from '@/lib/pageDescriptions';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { rankingsQuery, type RankTab, type RankTime } from './personQueries';
import './RankingsPage.css';

const rowKey = (r: RankedPerson) => String(r.id);

const TIMES: { value: RankTime; label: string }[] = [
  { value: 'day', label: '今天' },
  { value: 'week', label: '本周' },
  { value: 'month', label: '本月' },
];

/** One name for the rolled-up number everywhere (spec: heat computed from network-wide interactions): 热度. */
function Heat({ value }: { value: number | null | undefined }) {
  const shown = formatNumber(value ?? 0);
  return <span className="rank-row__score" title="热度" aria-label={`热度 ${shown}`}><Icon name="fire" size={14} />{shown}</span>;
}

/**
 * What a row is ranked by (heat from the daily rollup, for the chosen range): the global tab by the heat
 * of the person's stories, then their score (积分); the hub tab by the summed heat of their stories
 * published in the range, with the number of those stories (api/services/rankings.py).
 */
function RankMeasure({ row, tab }: { row: RankedPerson; tab: RankTab }) {
  if (tab === 'hub') {
    return (
      <>
        <span className="rank-row__count" title="发布的文章">{formatNumber(row.story_count)} 篇</span>
        <Heat value={row.hub_heat} />
      </>
    );
  }
  return (
    <>
      <span className="rank-row__count" title="积分">{formatNumber(row.score)} 积分</span>
      <Heat value={row.heat} />
    </>
  );
}

/** People leaderboard with 'global' and 'hub' tabs (hot, day); experts get the special avatar. */
export default function RankingsPage() {
  const [params, setParams] = useSearchParams();
  const tab: RankTab = params.get('tab') === 'hub' ? 'hub' : 'global';
  const time: RankTime = TIMES.find((t) => t.value === params.get('time'))?.value ?? 'day';
  useDocumentTitle('榜单', { description: PAGE_DESCRIPTIONS.rankings });
  const list = useInfiniteList(rankingsQuery(tab, time), rowKey);
  const choose = (name: 'tab' | 'time', value: string) =>
    setParams((p) => { const n = new URLSearchParams(p); n.set(name, value); return n; });
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
        onChange={(v) => choose('tab', v)}
      />
      <div className="rankings__times" role="group" aria-label="时间范围">
        {TIMES.map((t) => (
          <button
            key={t.value}
            type="button"
            className={`rankings__time${t.value === time ? ' rankings__time--on' : ''}`}
            aria-pressed={t.value === time}
            onClick={() => choose('time', t.value)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <ListWrapper label="榜单" {...list.listProps}>
        <ol className="rank-list">
          {list.items.map((row) => (
            <li key={row.id} className={`rank-row${row.rank <= 3 ? ` rank-row--top rank-row--${row.rank}` : ''}`}>
              <span className="rank-row__rank" aria-label={`第${row.rank}名`}>{row.rank}</span>
              <Avatar src={row.avatar_url} name={row.name} size={40} expert={row.is_expert} />
              <div className="rank-row__who">
                <Link to={paths.user(row.id)} className="rank-row__name">{row.name}</Link>
                {row.is_expert && <ExpertTag />}
                {row.arxiv_name && <span className="rank-row__arxiv">arXiv: {row.arxiv_name}</span>}
              </div>
              <RankMeasure row={row} tab={tab} />
            </li>
          ))}
        </ol>
      </ListWrapper>
    </div>
  );
}
