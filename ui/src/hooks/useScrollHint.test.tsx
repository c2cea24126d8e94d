import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useScrollHint } from './useScrollHint';

function Row() {
  const hint = useScrollHint<HTMLDivElement>('x');
  return <div ref={hint} data-testid="row"><span>tabs</span></div>;
}

/** jsdom lays nothing out: give the element the sizes a 375 px phone gave the search tabs. */
function sized(el: HTMLElement, { client, scroll }: { client: number; scroll: number }) {
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: client });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scroll });
}

describe('useScrollHint', () => {
  it('marks the edges with more to scroll, and follows the scroll position', () => {
    render(<Row />);
    const row = screen.getByTestId('row');
    sized(row, { client: 343, scroll: 420 });
    fireEvent.scroll(row);
    expect(row).toHaveAttribute('data-more-end');
    expect(row).not.toHaveAttribute('data-more-start');
    row.scrollLeft = 40;
    fireEvent.scroll(row);
    expect(row).toHaveAttribute('data-more-start');
    expect(row).toHaveAttribute('data-more-end');
    row.scrollLeft = 77; // the end
    fireEvent.scroll(row);
    expect(row).toHaveAttribute('data-more-start');
    expect(row).not.toHaveAttribute('data-more-end');
  });

  it('a row that fits has no mark', () => {
    render(<Row />);
    const row = screen.getByTestId('row');
    sized(row, { client: 800, scroll: 800 });
    fireEvent.scroll(row);
    expect(row).not.toHaveAttribute('data-more-start');
    expect(row).not.toHaveAttribute('data-more-end');
  });
});
