import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FeedItem } from '@/api/types';
import { renderWithProviders } from '../../../tests/render';
import { paperInfo, storyInfo } from '../../../tests/factories';
import { FeedCards } from './FeedCard';

const item = (over: Partial<FeedItem>): FeedItem => ({
  type: 'story', id: 1, is_event: false, story_id: null, source: {}, highlight: {},
  story_info: null, paper_info: null, event_info: null, project_info: null, link_info: null, ...over,
} as FeedItem);

const items = [
  item({ type: 'story', id: 5, story_info: storyInfo({ id: 5, title: '一篇文章', title_html: '一篇文章',
    tag_names: [{ id: 'agent', title: 'Agent 智能体', highlighted: true }, { id: 'llm', title: '大模型', highlighted: false }] }) }),
  item({ type: 'paper', id: 6, paper_info: paperInfo({ id: 6, title: 'A paper', title_html: 'A paper' }) }),
];

describe('FeedCards', () => {
  it('search results name every kind, stories included; the query\'s tag is marked among the chips', () => {
    renderWithProviders(<FeedCards items={items} module="search" search />);
    const [story, paper] = screen.getAllByRole('article');
    expect(within(story).getByText('文章')).toHaveClass('card-kind');
    expect(within(paper).getByText('论文')).toHaveClass('card-kind');
    const chips = within(story).getAllByRole('listitem');
    expect(chips[0]).toHaveTextContent('Agent 智能体');
    expect(chips[0]).toHaveClass('card-tag--on');
    expect(chips[1]).not.toHaveClass('card-tag--on');
  });

  it('story and paper cards say 评论 N when they have replies, leading to the thread on the page', () => {
    renderWithProviders(<FeedCards module="feed" items={[
      item({ type: 'story', id: 5, story_info: storyInfo({ id: 5, comment_count: 3 }) }),
      item({ type: 'paper', id: 6, paper_info: paperInfo({ id: 6, comment_count: 1200 }) }),
      item({ type: 'story', id: 7, story_info: storyInfo({ id: 7, comment_count: 0 }) }),
    ]} />);
    const [story, paper, quiet] = screen.getAllByRole('article');
    expect(within(story).getByRole('link', { name: '评论 3' })).toHaveAttribute('href', '/view/5#discussion');
    expect(within(paper).getByRole('link', { name: '评论 1.20k' })).toHaveAttribute('href', '/paper/6#discussion');
    expect(within(quiet).queryByText(/评论/)).toBeNull();
  });

  it('feeds of one kind carry no kind label', () => {
    renderWithProviders(<FeedCards items={items.slice(0, 1)} module="feed" />);
    expect(screen.queryByText('文章')).toBeNull();
  });
});
