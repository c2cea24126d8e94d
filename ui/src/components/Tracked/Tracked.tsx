import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useExposure } from '@/hooks/useTracking';
import { track, type TrackIds } from '@/lib/tracking';

/**
 * A list item that reports itself: an exposure beacon when half of it is on screen, a click beacon
 * when one of its links is followed. The wrapper has no box of its own (display: contents), so lists
 * lay their cards out as before.
 */
export function Tracked({ module, ids, children }: { module: string; ids: TrackIds; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useExposure(ref, module, ids);
  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element).closest('a');
    if (link) track({ event: 'click', module, action: link.dataset.action ?? 'open', ids });
  };
  return <div ref={ref} style={{ display: 'contents' }} onClickCapture={onClick}>{children}</div>;
}
