import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { FeedItem } from '@/api/types';
import { renderWithProviders } from '../../../tests/render';
import { eventInfo, paperInfo, projectInfo, storyInfo } from '../../../tests/factories';
import { RelatedAside } from './RelatedAside';

const base = { is_event: false, story_id: null, source: {}, story_info: null, event_info: null, paper_info: null, project_info: null, link_info: null };
const items: FeedItem[] = [
  { ...base, type: 'story', id: 9, story_info: storyInfo({ id: 9, title: '评测的五个误区', final_score: 12 }) },
  { ...base, type: 'paper', id: 9, paper_info: paperInfo({ id: 9, title: 'An Eval Benchmark', title_cn: '一个评测基准', authors: ['张三', '李四', '王五'] }) },
  { ...base, type: 'project', id: 3, project_info: projectInfo({ id: 3, repo: 'acme/prism-eval', url: 'https://github.com/acme/prism-eval', stars: 1200, language: 'Python' }) },
  { ...base, type: 'event', id: 4, event_info: eventInfo({ id: 4, name: '评测沙龙', time_desc: '12月3日 14:00' }) },
];

function answer(list: FeedItem[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data: { list } }))));
}

describe('RelatedAside', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists items of every kind with their kind, and keeps a story and a paper of the same id apart', async () => {
    const fetch = answer(items);
    renderWithProviders(<RelatedAside of={{ type: 'story', id: '1' }} />);
    const story = await screen.findByRole('link', { name: /评测的五个误区/ });
    expect(story).toHaveAttribute('href', '/view/9');
    expect(story).toHaveTextContent('文章');
    expect(screen.getByRole('link', { name: /一个评测基准/ })).toHaveAttribute('href', '/paper/9');
    expect(screen.getByRole('link', { name: /acme\/prism-eval/ })).toHaveAttribute('href', 'https://github.com/acme/prism-eval');
    expect(screen.getByRole('link', { name: /评测沙龙/ })).toHaveTextContent('活动');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toMatch(/\/v1\/related$/);
    expect(url.searchParams.get('type')).toBe('story');
    expect(url.searchParams.get('id')).toBe('1');
  });

  it('says 暂无数据 when nothing is related', async () => {
    answer([]);
    renderWithProviders(<RelatedAside of={{ type: 'paper', id: '2401.01234' }} />);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});
