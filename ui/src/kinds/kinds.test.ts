import { describe, expect, it } from 'vitest';
import openapi from '@/api/openapi.json';
import type { FeedItem, Paged } from '@/api/types';
import { dedupe } from '@/hooks/useInfiniteList';
import { contentTypeOf } from '@/lib/contentType';
import { pageCode } from '@/lib/tracking';
import { eventInfo, linkInfo, paperInfo, projectInfo, storyInfo } from '../../tests/factories';
import { discussionKindOf, FEED_KINDS, feedOf, isKind, itemKey, KIND_LIST, KINDS, kindOfFeedPage, replyPath, shareKindOf, trackIds } from '.';

const base = { is_event: false, story_id: null, source: {}, story_info: null, event_info: null, paper_info: null, project_info: null, link_info: null };
const story = (id: number): FeedItem => ({ ...base, type: 'story', id, story_id: id, story_info: storyInfo({ id, title: `t${id}` }) });
const paper = (id: number, arxiv: string): FeedItem => ({ ...base, type: 'paper', id, paper_info: paperInfo({ id, arxiv_id: arxiv }) });
const event = (id: number): FeedItem => ({ ...base, type: 'event', id, is_event: true, event_info: eventInfo({ id }) });
const project = (id: number): FeedItem => ({ ...base, type: 'project', id, project_info: projectInfo({ id }) });
const link = (id: number): FeedItem => ({ ...base, type: 'link', id, link_info: linkInfo({ id }) });

describe('the kinds registry', () => {
  it('has one module per kind of the API document (FeedItem.type)', () => {
    const schemas = (openapi as unknown as { components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> } }).components.schemas;
    const kinds = schemas.FeedItem.properties.type.enum;
    expect(KIND_LIST.map((k) => k.kind)).toEqual(kinds);
    for (const k of KIND_LIST) expect(KINDS[k.kind]).toBe(k);
    expect(isKind('link')).toBe(true);
    expect(isKind('person')).toBe(false);
    expect(isKind('toString')).toBe(false);
  });

  it('names the feed pages and the tracking ids by kind', () => {
    expect(['/', '/events', '/papers', '/projects', '/link'].map(kindOfFeedPage)).toEqual(['story', 'event', 'paper', 'project', undefined]);
    expect([story(1), paper(2, 'x'), event(3), project(4), link(5)].map(trackIds)).toEqual([
      { story_id: 1 }, { paper_id: 2 }, { event_id: 3 }, { project_id: 4 }, {},
    ]);
    expect(['/link', '/view/1', '/trends/2', '/events', '/rankings'].map(contentTypeOf)).toEqual(['story', 'story', 'paper', 'event', 'ranking']);
    expect(['/view/1', '/paper/2', '/trends/2', '/events', '/'].map(pageCode)).toEqual(['story_detail', 'paper_detail', 'paper_trends', 'events', 'home']);
  });
});

describe('discussions', () => {
  it('stories and papers carry a thread; a reply is read at its anchor on the item\'s page', () => {
    expect(KIND_LIST.filter((k) => k.discussion).map((k) => k.kind)).toEqual(['story', 'paper']);
    expect(['story', 'paper', 'event', 'toString', null].map(discussionKindOf)).toEqual(['story', 'paper', undefined, undefined, undefined]);
    expect(replyPath('story', 12, '345')).toBe('/view/12#reply-345');
    expect(replyPath('paper', '7', null)).toBe('/paper/7');
    expect(replyPath('event', 3, '1')).toBeUndefined();
    expect(replyPath('story', null, '1')).toBeUndefined();
  });
});

describe('feed de-duplication (spec section 4)', () => {
  it('by story_id, event id and arXiv number across pages', () => {
    const pages: Paged<FeedItem>[] = [
      { list: [story(1), story(2), paper(10, '2611.00001'), event(4)], total: 9, page: 1, size: 4, hasNextPage: true },
      { list: [story(2), story(3), paper(11, '2611.00001'), event(4)], total: 9, page: 2, size: 4, hasNextPage: true },
    ];
    expect(dedupe(pages, itemKey).map(itemKey)).toEqual(['story:1', 'story:2', 'paper:2611.00001', 'event:4', 'story:3']);
  });

  it('the same id in two kinds is two items (the 全部 tab lists a link status #5 beside story #5)', () => {
    const page: Paged<FeedItem> = { list: [story(5), link(5), project(5), paper(5, '2611.00005'), event(5)], total: 5, page: 1, size: 5, hasNextPage: false };
    expect(dedupe([page], itemKey).map(itemKey)).toEqual(['story:5', 'link:5', 'project:5', 'paper:2611.00005', 'event:5']);
  });
});

describe('what the app derives from the registry', () => {
  it('the feed routes: every kind with a feed page, each page found back from its path', () => {
    expect(FEED_KINDS.map((kind) => feedOf(kind).page)).toEqual(['/', '/papers', '/events', '/projects']);
    expect(FEED_KINDS.every((kind) => kindOfFeedPage(feedOf(kind).page) === kind)).toBe(true);
    expect(FEED_KINDS).not.toContain('link');
  });

  it('/shareToLink takes only the kinds that can go into the link feed', () => {
    expect(shareKindOf('story')).toBe('story');
    expect(shareKindOf('paper')).toBe('paper');
    expect([shareKindOf('event'), shareKindOf('link'), shareKindOf('__proto__'), shareKindOf(null)]).toEqual([undefined, undefined, undefined, undefined]);
    expect(KINDS.paper.shareToLink).toBe('publish');
    expect(KINDS.story.shareToLink).toBe('post');
  });
});
