import { useCallback, useRef } from 'react';

/** How far from an edge (px) still counts as at the edge: rounding of fractional scroll positions. */
const SLACK = 2;

/** Marks a scrolling element with `data-more-start` / `data-more-end` while there is more to see before or
 * after what shows (along `axis`), so its stylesheet can fade that edge: a clipped row of tabs or a side
 * nav taller than the window otherwise looks complete. Returns a ref callback for the element. */
export function useScrollHint<T extends HTMLElement>(axis: 'x' | 'y') {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((el: T | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!el) return;
    const update = () => {
      const [position, size, total] = axis === 'x'
        ? [el.scrollLeft, el.clientWidth, el.scrollWidth]
        : [el.scrollTop, el.clientHeight, el.scrollHeight];
      el.toggleAttribute('data-more-start', position > SLACK);
      el.toggleAttribute('data-more-end', position + size < total - SLACK);
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    window.addEventListener('resize', update);
    cleanup.current = () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [axis]);
}
