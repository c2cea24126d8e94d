import { useEffect, useRef } from 'react';

export const SCROLL_THROTTLE = 50;

/** Throttle with a trailing call, so the last position is always seen. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    last = Date.now();
    timer = null;
    if (pending) {
      const args = pending;
      pending = null;
      fn(...args);
    }
  };
  const throttled = (...args: A) => {
    pending = args;
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0) {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      run();
    } else if (!timer) {
      timer = setTimeout(run, remaining);
    }
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}

/** Window scroll listener throttled to 50 ms (spec section 9). */
export function useThrottledScroll(handler: () => void, deps: unknown[] = []) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const t = throttle(() => ref.current(), SCROLL_THROTTLE);
    window.addEventListener('scroll', t, { passive: true });
    window.addEventListener('resize', t, { passive: true });
    return () => {
      t.cancel();
      window.removeEventListener('scroll', t);
      window.removeEventListener('resize', t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
