import { infiniteQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListWrapper } from '@/components/ListWrapper/ListWrapper';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useInfiniteList } from '@/hooks/useInfiniteList';
import { paths } from '@/lib/paths';
import { siteQuery } from '@/lib/site';
import { fetchTimeline, linkContextQuery, linkStatusQuery, setLinkBase, type LinkStatus } from './linkApi';
import { LinkComposer } from './LinkComposer';
import { LinkStatusItem } from './LinkStatusItem';
import '@/components/Card/card.css';
import './LinkPage.css';

const TIMELINE_KEY = ['link', 'timeline'] as const;
// The feed pages by cursor: the last status's id (Mastodon's max_id).
const timelineQuery = infiniteQueryOptions({
  queryKey: TIMELINE_KEY,
  queryFn: ({ pageParam, signal }) => fetchTimeline(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextMaxId ?? undefined,
});
const statusKey = (s: LinkStatus) => s.id;

/** `/link`: the link feed (newest first, post, favourite, bookmark); `?status=<id>` opens a discussion. */
export default function LinkPage() {
  const site = useQuery(siteQuery());
  setLinkBase(site.data?.link_base_url);
  const [params, setParams] = useSearchParams();
  const open = params.get('status');
  useDocumentTitle('社区动态');
  const openStatus = (id: string) => setParams({ status: id });
  return (
    <div className="link-page">
      <h1 className="link-page__title">社区动态</h1>
      {open ? <Discussion id={open} onOpen={openStatus} /> : <Timeline onOpen={openStatus} />}
    </div>
  );
}

function Timeline({ onOpen }: { onOpen: (id: string) => void }) {
  const client = useQueryClient();
  const query = useInfiniteList(timelineQuery, statusKey);
  const items = query.items;
  const posted = (status: LinkStatus) => {
    client.setQueryData(TIMELINE_KEY, (data: typeof query.data) =>
      data ? { ...data, pages: data.pages.map((p, i) => (i === 0 ? { ...p, list: [status, ...p.list] } : p)) } : data,
    );
  };
  return (
    <>
      <LinkComposer onPosted={posted} />
      <ListWrapper label="动态列表" {...query.listProps}>
        <div className="link-list">
          {items.map((s) => <LinkStatusItem key={s.id} status={s} onOpen={onOpen} />)}
        </div>
      </ListWrapper>
    </>
  );
}

function Discussion({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const client = useQueryClient();
  const status = useQuery(linkStatusQuery(id));
  const context = useQuery(linkContextQuery(id));
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
  const replied = () => {
    void client.invalidateQueries({ queryKey: ['link', 'context', id] });
    void client.invalidateQueries({ queryKey: ['link', 'status', id] });
  };
  return (
    <section className="link-discussion" aria-label="讨论">
      <Link className="link-discussion__back" to={paths.link()}>← 返回社区动态</Link>
      <ListWrapper label="讨论内容" isLoading={status.isLoading} isError={status.isError} count={status.data ? 1 : 0} onRetry={() => status.refetch()}>
        <div className="link-list">
          {context.data?.ancestors.map((s) => <LinkStatusItem key={s.id} status={s} onOpen={onOpen} />)}
          {status.data && <LinkStatusItem key={`${status.data.id}-${status.dataUpdatedAt}`} status={status.data} current />}
        </div>
        <LinkComposer replyTo={id} onPosted={replied} placeholder="写下你的回复…" />
        <h2 className="link-discussion__replies">回复 {context.data?.descendants.length ?? 0}</h2>
        <div className="link-list link-list--replies">
          {context.data?.descendants.map((s) => <LinkStatusItem key={s.id} status={s} onOpen={onOpen} />)}
        </div>
      </ListWrapper>
    </section>
  );
}
