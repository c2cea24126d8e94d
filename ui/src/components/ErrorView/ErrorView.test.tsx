import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFound } from './ErrorView';

describe('NotFound', () => {
  it("keeps the spec's title and says it in Chinese", () => {
    render(<NotFound />);
    expect(screen.getByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByText('页面不存在，请检查链接是否正确')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
  });
});
