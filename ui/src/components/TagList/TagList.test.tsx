import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { TagList } from './TagList';

const TAGS = [{ id: 'llm', title: '大模型' }, { id: 'rag', title: 'RAG' }];

describe('TagList', () => {
  it('on a detail page, each tag opens the filtered feed', () => {
    renderWithProviders(<TagList tags={TAGS} feed="/papers" />);
    expect(screen.getByRole('link', { name: '大模型' })).toHaveAttribute('href', '/papers?label=llm');
    expect(screen.getByRole('link', { name: 'RAG' })).toHaveAttribute('href', '/papers?label=rag');
  });

  it('on a card, tags stay text (the card itself is the link)', () => {
    renderWithProviders(<TagList tags={TAGS} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('大模型')).toBeInTheDocument();
  });
});
