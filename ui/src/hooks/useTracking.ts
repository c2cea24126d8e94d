import { useEffect, useRef, type RefObject } from 'react';
import { track, type TrackIds } from '@/lib/tracking';

/** Share of an item that must be on screen to count as seen. */
export const EXPOSURE_THRESHOLD = 0.5;

/**
 * Tracking for a rendered list: an exposure beacon the first time half of an item is on screen (once
 * per item per mount, i.e. per page view), and a click beacon when a link inside an item is followed.
 * `ids[i]` names the container's i-th child, so the list renders one element per entry, in order.
 */
export function useTrackedList(ref: RefObject<HTMLElement | null>, module: string, ids: TrackIds[]) {
  const current = useRef(ids);
  current.current = ids;
  const seen = useRef(new Set<string>());
  const observer = useRef<IntersectionObserver | null>(null);

  const idsOf = (container: HTMLElement, el: Element): TrackIds | undefined =>
    current.current[Array.prototype.indexOf.call(container.children, el)];

  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest('a');
      const item = link && Array.from(container.children).find((child) => child.contains(link));
      const found = item && idsOf(container, item);
      if (found) track({ event: 'click', module, action: link.dataset.action ?? 'open', ids: found });
    };
    container.addEventListener('click', onClick, true);
    if (typeof IntersectionObserver !== 'undefined') {
      observer.current = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < EXPOSURE_THRESHOLD) continue;
          observer.current?.unobserve(entry.target);
          const found = idsOf(container, entry.target);
          const key = JSON.stringify(found);
          if (!found || seen.current.has(key)) continue;
          seen.current.add(key);
          track({ event: 'exposure', module, action: 'view', ids: found });
        }
      }, { threshold: EXPOSURE_THRESHOLD });
    }
    return () => {
      container.removeEventListener('click', onClick, true);
      observer.current?.disconnect();
      observer.current = null;
    };
  }, [ref, module]);

  // every render may have added items (the next page): observe the children (observing twice is a no-op)
  const count = ids.length;
  useEffect(() => {
    const container = ref.current;
    if (!container || !observer.current) return;
    for (const child of Array.from(container.children)) observer.current.observe(child);
  }, [ref, count]);
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
