import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { DEFAULT_IMAGE } from '@/lib/image';
import { Img } from './Img';

const img = (container: HTMLElement) => container.querySelector('img');

describe('Img', () => {
  it('falls back to the default image once, and draws nothing when that fails too (no broken-image glyph)', () => {
    const { container } = render(<Img src="https://cdn.example/cover.png" alt="" />);
    expect(img(container)?.getAttribute('src')).not.toBe(DEFAULT_IMAGE);
    fireEvent.error(img(container)!);
    expect(img(container)?.getAttribute('src')).toBe(DEFAULT_IMAGE);
    expect(img(container)).toHaveClass('img--fallback');
    fireEvent.error(img(container)!);
    expect(img(container)).toBeNull();
  });

  it('without a picture, a failing default draws nothing', () => {
    const { container } = render(<Img src={null} alt="" />);
    expect(img(container)?.getAttribute('src')).toBe(DEFAULT_IMAGE);
    fireEvent.error(img(container)!);
    expect(img(container)).toBeNull();
  });

  it('a new picture is tried again after an earlier one failed', () => {
    const { container, rerender } = render(<Img src="https://cdn.example/a.png" alt="" />);
    fireEvent.error(img(container)!);
    fireEvent.error(img(container)!);
    rerender(<Img src="https://cdn.example/b.png" alt="" />);
    expect(img(container)?.getAttribute('src')).toContain('b.png');
  });
});
