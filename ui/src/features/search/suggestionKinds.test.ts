import { describe, expect, it } from 'vitest';
import { SUGGEST_LABELS, suggestionHref } from './suggestionKinds';

describe('suggestion kinds', () => {
  it('labels each kind as the kinds registry does, people as 用户', () => {
    expect(SUGGEST_LABELS).toEqual({ story: '文章', paper: '论文', project: '项目', event: '活动', person: '用户' });
  });

  it('opens stories, papers, events and people here and a project at its repository in a new tab', () => {
    expect(suggestionHref({ type: 'story', id: 3, url: '/view/3' })).toEqual({ href: '/view/3', newTab: false });
    expect(suggestionHref({ type: 'paper', id: 5, url: '/paper/5' })).toEqual({ href: '/paper/5', newTab: false });
    expect(suggestionHref({ type: 'person', id: 17, url: '/users/17' })).toEqual({ href: '/users/17', newTab: false });
    expect(suggestionHref({ type: 'event', id: 4, url: '/activities/4' })).toEqual({ href: '/activities/4', newTab: false });
    expect(suggestionHref({ type: 'project', id: 26, url: 'https://github.com/a/b' })).toEqual({ href: 'https://github.com/a/b', newTab: true });
  });
});
