import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { StoryInfo } from '@/api/types';
import { StoryCard } from './StoryCard';
import { storyContentHtml } from './storyContent';
import { storyInfo } from '../../../tests/factories';
import { renderWithProviders as render } from '../../../tests/render';

const story = (over: Partial<StoryInfo>): StoryInfo => storyInfo({
  id: 1, title: 'a <b>', title_html: 'a &lt;b&gt; <em>RAG</em>',
  user_id: 5, user_name: '小明', user_avatar: 'https://a/x.png', is_anonymous: false, author_name: '小明',
  ...over,
});

describe('StoryCard', () => {
  it("shows the API's author and its escaped, highlighted title as is", () => {
    render(<StoryCard story={story({})} />);
    expect(screen.getByText('小明')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /a <b> RAG/ });
    expect(link).toHaveAttribute('href', '/view/1');
    expect(link.querySelector('em')?.textContent).toBe('RAG');
  });
  it("an anonymous story shows the API's author name and the default avatar", () => {
    render(<StoryCard story={story({ is_anonymous: true, author_name: '匿名', user_name: null, user_avatar: null, user_id: null })} />);
    expect(screen.getByText('匿名')).toBeInTheDocument();
    expect(screen.getByAltText('匿名的头像')).toHaveAttribute('src', '/default-avatar.svg');
  });
  it('the expert ring follows is_expert', () => {
    const { container } = render(<StoryCard story={story({ is_expert: true })} />);
    expect(container.querySelector('.avatar--expert')).not.toBeNull();
  });
});

describe('story content', () => {
  it('drops scripts, handlers and javascript: links; links open in a new tab; images load lazily', () => {
    const { __html: out } = storyContentHtml('<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">l</a><a href="https://e.x/">ok</a><img src="https://a/b.png" onerror="x"></p>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript/);
    expect(out).toContain('<p>hi');
    expect(out).toContain('src="https://a/b.png"');
    expect(out).toContain('loading="lazy"');
    expect(out).toMatch(/<a href="https:\/\/e\.x\/" target="_blank" rel="noopener noreferrer nofollow">ok<\/a>/);
  });
});
