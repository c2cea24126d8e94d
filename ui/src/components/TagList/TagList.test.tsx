import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TagList } from './TagList';

describe('TagList', () => {
  it('shows the tags in the order the API gives, its highlighted ones marked', () => {
    render(<TagList tags={[{ id: 'f', title: 'F', highlighted: true }, { id: 'a', title: 'A', highlighted: false }, { id: 'b', title: 'B' }]} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['F', 'A', 'B']);
    expect(items.map((li) => li.classList.contains('card-tag--on'))).toEqual([true, false, false]);
  });
  it('a detail page limits how many it shows; no tags, no list', () => {
    const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id, title: id }));
    render(<TagList tags={tags} limit={5} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    const { container } = render(<TagList tags={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
