import { useEffect, useRef, type RefObject } from 'react';
import { track, type TrackIds } from '@/lib/tracking';

/** Share of an item that must be on screen to count as seen. */
export const EXPOSURE_THRESHOLD = 0.5;

/** One exposure beacon the first time half of the element is on screen (per mount, i.e. per page view). */
export function useExposure(ref: RefObject<Element | null>, module: string, ids: TrackIds) {
  const key = JSON.stringify(ids);
  useEffect(() => {
    const target = ref.current instanceof HTMLElement && getComputedStyle(ref.current).display === 'contents'
      ? ref.current.firstElementChild
      : ref.current;
    if (!target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= EXPOSURE_THRESHOLD)) {
        observer.disconnect();
        track({ event: 'exposure', module, action: 'view', ids: JSON.parse(key) as TrackIds });
      }
    }, { threshold: EXPOSURE_THRESHOLD });
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, module, key]);
}

/**
 * The time a detail page is on screen: counted while the tab is visible, sent as one duration
 * beacon when the page is left (route change) or hidden (tab switch, close), then counted afresh.
 */
export function useDuration(module: string, ids: TrackIds | null) {
  const key = ids ? JSON.stringify(ids) : null;
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (!key) return undefined;
    const parsed = JSON.parse(key) as TrackIds;
    let spent = 0;
    started.current = document.visibilityState === 'visible' ? performance.now() : null;
    const send = () => {
      if (started.current !== null) spent += performance.now() - started.current;
      started.current = null;
      if (spent >= 1) track({ event: 'duration', module, action: 'read', ids: parsed, duration: Math.round(spent) });
      spent = 0;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send();
      else started.current = performance.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      send();
    };
  }, [module, key]);
}
