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

/** Window scroll (and resize) listener throttled to 50 ms (spec section 9); always calls the latest handler. */
export function useThrottledScroll(handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const t = throttle(() => latest.current(), SCROLL_THROTTLE);
    window.addEventListener('scroll', t, { passive: true });
    window.addEventListener('resize', t, { passive: true });
    return () => {
      t.cancel();
      window.removeEventListener('scroll', t);
      window.removeEventListener('resize', t);
    };
  }, []);
}
