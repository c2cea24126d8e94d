import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { fetchPaperUser, fetchPaperUserPapers } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { ApiError } from '@/lib/request';
import type { FeedItem, Page } from '@/lib/types';
import { itemKey, useInfiniteList } from '@/hooks/useInfiniteList';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { Avatar } from '@/components/Img/Img';
import { ErrorView } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/layouts/Layouts';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { FeedCard } from '@/components/cards/FeedCard';
import '@/components/cards/cards.css';
import './UserPage.css';

/** The papers call may answer a page or a bare list; papers may come as feed items or paper infos. */
function toPage(data: Page<FeedItem> | FeedItem[] | null | undefined, page: number): Page<FeedItem> {
  const raw: unknown[] = Array.isArray(data) ? data : data?.list ?? [];
  const list = raw.map((x) => {
    const it = x as FeedItem & { arxiv_id?: string };
    if (it && it.type) return it;
    return { type: 'paper', id: it.id, is_event: false, story_id: null, story_info: null, event_info: null, paper_info: it as never, project_info: null } as FeedItem;
  });
  const hasNextPage = Array.isArray(data) ? list.length > 0 && list.length >= 10 : Boolean(data?.hasNextPage);
  return { list, total: Array.isArray(data) ? list.length : data?.total ?? list.length, page, size: list.length, hasNextPage };
}

/** `/users/{id}`: user home with the person's papers. */
export default function UserPage() {
  const { id = '' } = useParams();
  const user = useQuery({ queryKey: ['paper-user', id], queryFn: () => fetchPaperUser(id), enabled: Boolean(id), retry: false });
  const u = user.data;
  const arxiv = (u?.arxiv_name as string | undefined) ?? '';
  useDocumentTitle(u?.name ?? '个人主页');
  const fetchPage = useCallback(async (page: number) => toPage(await fetchPaperUserPapers(arxiv, page), page), [arxiv]);
  const list = useInfiniteList<FeedItem>(['user-papers', arxiv], fetchPage, itemKey, Boolean(arxiv));
  if (user.isLoading) return <PageLoading />;
  if (user.isError || !u) {
    const err = user.error instanceof ApiError ? user.error : null;
    return <ErrorView code={err?.code ?? 500} message={err?.code === 404 ? '用户不存在' : err?.message || '请求失败，点击重新加载'} />;
  }
  const bio = (u.bio || u.description) as string | undefined;
  return (
    <div className="user-page">
      <section className="user-card">
        <Avatar src={u.avatar_url} name={u.name} size={72} expert={Boolean(u.is_expert)} />
        <div className="user-card__info">
          <h1 className="user-card__name">{u.name}{u.is_expert && <span className="expert-tag">专家</span>}</h1>
          {arxiv && <p className="user-card__arxiv">arXiv: {arxiv}</p>}
          {bio && <p className="user-card__bio">{bio}</p>}
        </div>
        <div className="user-card__stats">
          {u.score !== undefined && <div><strong>{formatNumber(Number(u.score))}</strong><span>热度</span></div>}
          {u.paper_count !== undefined && <div><strong>{formatNumber(Number(u.paper_count))}</strong><span>论文</span></div>}
        </div>
      </section>
      <h2 className="user-page__sub">论文</h2>
      {arxiv ? (
        <ListWrapper
          label="论文列表"
          {...list.listProps}
        >
          <div className="feed-list">{list.items.map((it) => <FeedCard key={itemKey(it)} item={it} />)}</div>
        </ListWrapper>
      ) : (
        <div className="list-state list-state--empty">暂无数据</div>
      )}
    </div>
  );
}
