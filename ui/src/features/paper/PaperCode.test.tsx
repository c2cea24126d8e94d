import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@/lib/format';
import { renderWithProviders } from '../../../tests/render';
import { PaperCode } from './PaperCode';

const code = [
  { id: 7, repo: 'acme/big', url: 'https://github.com/acme/big', stars: 12500, language: 'Python', description: '大仓库' },
  { id: 8, repo: 'acme/small', url: 'https://github.com/acme/small', stars: 5, language: null, description: null },
];

describe('代码 on a paper page', () => {
  it('lists each repository with its hub page, GitHub, stars and language, in the order given', () => {
    renderWithProviders(<PaperCode code={code} />);
    const section = screen.getByRole('region', { name: '代码' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'acme/big' })).toHaveAttribute('href', '/projects/7');
    const github = within(rows[0]).getByRole('link', { name: 'acme/big 在 GitHub' });
    expect(github).toHaveAttribute('href', 'https://github.com/acme/big');
    expect(github).toHaveAttribute('target', '_blank');
    expect(rows[0]).toHaveTextContent(formatNumber(12500)); // the site's way of writing counts
    expect(rows[0]).toHaveTextContent('Python');
    expect(rows[0]).toHaveTextContent('大仓库');
    expect(within(rows[1]).getByRole('link', { name: 'acme/small' })).toHaveAttribute('href', '/projects/8');
    expect(rows[1]).not.toHaveTextContent('Python');
  });

  it('shows nothing without code', () => {
    const { container } = renderWithProviders(<PaperCode code={[]} />);
    expect(container.querySelector('.paper-code')).toBeNull();
    renderWithProviders(<PaperCode />);
    expect(screen.queryByRole('region', { name: '代码' })).toBeNull();
  });
});
