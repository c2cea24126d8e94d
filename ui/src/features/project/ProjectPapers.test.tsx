import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { ProjectPapers } from './ProjectPapers';

describe('论文 on a project page', () => {
  it('links each paper to its page, the Chinese title first with the English under it', () => {
    renderWithProviders(
      <ProjectPapers
        papers={[
          { id: 3, arxiv_id: '2402.05678', title: 'Fast Attention', title_cn: '快速注意力', published_at: '2026-11-01T00:00:00Z' },
          { id: 4, arxiv_id: '2401.01234', title: 'Slow Attention', title_cn: null, published_at: '2026-10-01T00:00:00Z' },
        ]}
      />,
    );
    const rows = within(screen.getByRole('region', { name: '论文' })).getAllByRole('listitem');
    expect(within(rows[0]).getByRole('link', { name: '快速注意力' })).toHaveAttribute('href', '/paper/3');
    expect(rows[0]).toHaveTextContent('Fast Attention');
    expect(rows[0]).toHaveTextContent('arXiv:2402.05678');
    expect(within(rows[1]).getByRole('link', { name: 'Slow Attention' })).toHaveAttribute('href', '/paper/4');
  });

  it('shows nothing without papers', () => {
    renderWithProviders(<ProjectPapers papers={[]} />);
    expect(screen.queryByRole('region', { name: '论文' })).toBeNull();
  });
});
