import { describe, expect, it } from 'vitest';
import type { FeedItem, Paged } from '@/api/types';
import { dedupe } from '@/hooks/useInfiniteList';
import { itemKey } from './itemKey';
import { eventInfo, paperInfo, storyInfo } from '../../../tests/factories';

const base = { is_event: false, story_id: null, source: {}, story_info: null, event_info: null, paper_info: null, project_info: null };
const story = (id: number): FeedItem => ({ ...base, type: 'story', id, story_id: id, story_info: storyInfo({ id, title: `t${id}` }) });
const paper = (id: number, arxiv: string): FeedItem => ({ ...base, type: 'paper', id, paper_info: paperInfo({ id, arxiv_id: arxiv }) });
const event = (id: number): FeedItem => ({ ...base, type: 'event', id, is_event: true, event_info: eventInfo({ id }) });

describe('feed de-duplication (spec section 4)', () => {
  it('by story_id, event id and arXiv number across pages', () => {
    const pages: Paged<FeedItem>[] = [
      { list: [story(1), story(2), paper(10, '2611.00001'), event(4)], total: 9, page: 1, size: 4, hasNextPage: true },
      { list: [story(2), story(3), paper(11, '2611.00001'), event(4)], total: 9, page: 2, size: 4, hasNextPage: true },
    ];
    expect(dedupe(pages, itemKey).map(itemKey)).toEqual(['story:1', 'story:2', 'paper:2611.00001', 'event:4', 'story:3']);
  });

  it('the same id in two kinds is two items (the 全部 tab lists a link status #5 beside story #5)', () => {
    const link: FeedItem = { ...base, type: 'link', id: 5 };
    const project: FeedItem = { ...base, type: 'project', id: 5 };
    const page: Paged<FeedItem> = { list: [story(5), link, project, paper(5, '2611.00005'), event(5)], total: 5, page: 1, size: 5, hasNextPage: false };
    expect(dedupe([page], itemKey).map(itemKey)).toEqual(['story:5', 'link:5', 'project:5', 'paper:2611.00005', 'event:5']);
  });
});
