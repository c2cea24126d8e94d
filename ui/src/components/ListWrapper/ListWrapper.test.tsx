import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AUTO_PAGES, ListWrapper, TEXT } from './ListWrapper';
import { dedupe, pagedQueryOptions, useInfiniteList } from '@/hooks/useInfiniteList';
import type { FeedItem, Paged } from '@/api/types';
import { paperInfo, storyInfo } from '../../../tests/factories';

// A list item's key for these tests (the feed's own keys are tested with the feed).
const itemKey = (item: FeedItem) => (item.type === 'paper' ? `paper:${item.paper_info?.arxiv_id}` : `story:${item.story_id}`);

const base = { onRetry: () => {}, isLoading: false, isError: false, count: 0 };

describe('ListWrapper states', () => {
  it("loading: '正在加载'", () => {
    render(<ListWrapper {...base} isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('正在加载');
  });
  it("empty: '暂无数据'", () => {
    render(<ListWrapper {...base} />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });
  it("error: '出错啦' and '请求失败，点击重新加载' retries", async () => {
    const onRetry = vi.fn();
    render(<ListWrapper {...base} isError onRetry={onRetry} />);
    expect(screen.getByText('出错啦')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '请求失败，点击重新加载' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
  it("end: '没有更多了'", () => {
    render(<ListWrapper {...base} count={3} hasNextPage={false}><p>items</p></ListWrapper>);
    expect(screen.getByText('items')).toBeInTheDocument();
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });
  it('next page failure keeps the items and offers the retry', () => {
    render(<ListWrapper {...base} count={3} hasNextPage isFetchNextPageError><p>items</p></ListWrapper>);
    expect(screen.getByText('items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.failed })).toBeInTheDocument();
  });
  it('asks for the next page when within 800 px of the end', async () => {
    const onLoadMore = vi.fn();
    // jsdom: scrollHeight 0, so the end is always "near"
    render(<ListWrapper {...base} count={3} hasNextPage onLoadMore={onLoadMore}><p>items</p></ListWrapper>);
    await waitFor(() => expect(onLoadMore).toHaveBeenCalled());
  });
  it(`after ${AUTO_PAGES} pages the next one comes only with 加载更多, so the footer can be reached`, async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<ListWrapper {...base} count={80} pages={AUTO_PAGES - 1} hasNextPage onLoadMore={onLoadMore}><p>items</p></ListWrapper>);
    await waitFor(() => expect(onLoadMore).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    rerender(<ListWrapper {...base} count={100} pages={AUTO_PAGES} hasNextPage onLoadMore={onLoadMore}><p>items</p></ListWrapper>);
    await new Promise((r) => setTimeout(r, 120));
    fireEvent.scroll(window);
    await new Promise((r) => setTimeout(r, 120));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });
});

const story = (id: number): FeedItem => ({
  type: 'story', id, is_event: false, story_id: id, source: {}, story_info: storyInfo({ id, title: `t${id}` }), event_info: null, paper_info: null, project_info: null,
});
const paper = (id: number, arxiv: string): FeedItem => ({
  type: 'paper', id, is_event: false, story_id: null, source: {}, story_info: null, event_info: null, paper_info: paperInfo({ id, arxiv_id: arxiv }), project_info: null,
});

describe('de-duplication', () => {
  it('by key across pages', () => {
    const pages: Paged<FeedItem>[] = [
      { list: [story(1), story(2), paper(10, '2611.00001')], total: 9, page: 1, size: 3, hasNextPage: true },
      { list: [story(2), story(3), paper(11, '2611.00001')], total: 9, page: 2, size: 3, hasNextPage: true },
    ];
    expect(dedupe(pages, itemKey).map(itemKey)).toEqual(['story:1', 'story:2', 'paper:2611.00001', 'story:3']);
  });
});

function Feed({ fetchPage }: { fetchPage: (p: number) => Promise<Paged<FeedItem>> }) {
  const list = useInfiniteList(pagedQueryOptions(['t'], (p: number) => fetchPage(p)), itemKey);
  return (
    <ListWrapper
      isLoading={list.isLoading}
      isError={list.isError && !list.isFetchNextPageError}
      isFetchNextPageError={list.isFetchNextPageError}
      isFetchingNextPage={list.isFetchingNextPage}
      hasNextPage={list.hasNextPage}
      count={list.items.length}
      onRetry={() => (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
      onLoadMore={() => list.fetchNextPage()}
    >
      <ul>{list.items.map((i) => <li key={itemKey(i)}>{i.story_info?.title}</li>)}</ul>
    </ListWrapper>
  );
}

describe('infinite list with the wrapper', () => {
  it('fails, retries, loads pages without duplicates and ends', async () => {
    let fail = true;
    const fetchPage = vi.fn(async (p: number): Promise<Paged<FeedItem>> => {
      if (fail) throw new Error('boom');
      if (p === 1) return { list: [story(1), story(2)], total: 3, page: 1, size: 2, hasNextPage: true };
      return { list: [story(2), story(3)], total: 3, page: 2, size: 2, hasNextPage: false };
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><Feed fetchPage={fetchPage} /></QueryClientProvider>);
    expect(screen.getByText('正在加载')).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: '请求失败，点击重新加载' });
    fail = false;
    await userEvent.click(retry);
    await screen.findByText('没有更多了');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['t1', 't2', 't3']);
  });
});
