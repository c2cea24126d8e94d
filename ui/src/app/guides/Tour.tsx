import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { TOUR_BUBBLE_WIDTH, TOUR_MASK_OPACITY, TOUR_OFFSET, TOUR_STEPS, type TourStep } from './tourSteps';
import './Tour.css';

const SPOT_PADDING = 6;
const GAP = 12; // between the spotlight and the bubble
const MARGIN = 12; // the bubble keeps this far from the window's edges

function visibleElement(selectors: string): HTMLElement | null {
  for (const selector of selectors.split(',')) {
    const el = document.querySelector<HTMLElement>(selector.trim());
    if (el && el.getClientRects().length > 0) return el;
  }
  return null;
}

/** The steps whose element is on this page and screen, each with its element. */
export function presentSteps(steps: TourStep[]): { step: TourStep; el: HTMLElement }[] {
  return steps.flatMap((step) => {
    const el = visibleElement(step.target);
    return el ? [{ step, el }] : [];
  });
}

/** Brings the element into the window with `TOUR_OFFSET` above it (below a sticky header it stays put). */
function scrollToStep(el: HTMLElement) {
  const rect = el.getBoundingClientRect();
  if (rect.top >= TOUR_OFFSET && rect.bottom <= window.innerHeight - TOUR_OFFSET) return;
  window.scrollTo({ top: Math.max(0, window.scrollY + rect.top - TOUR_OFFSET) });
}

interface Box { top: number; left: number; right: number; bottom: number }
interface Placement { spot: DOMRect; top: number; left: number; width: number }

/** Bubble height assumed before the bubble is measured (title, two lines of text, the buttons). */
const BUBBLE_HEIGHT = 180;

/**
 * Where the bubble goes so that it never covers the spotlit element: below it, above it, to its right,
 * to its left, whichever fits in the window first (a side nav taller than the window leaves only its
 * sides). Only an element wider and taller than the window leaves none: then the window's foot.
 */
export function placeBubble(spot: Box, view: { width: number; height: number }, bubbleHeight = BUBBLE_HEIGHT): { top: number; left: number; width: number } {
  const width = Math.min(TOUR_BUBBLE_WIDTH, view.width - 2 * MARGIN);
  const around = SPOT_PADDING + GAP;
  const clampLeft = (left: number) => Math.min(Math.max(MARGIN, left), view.width - width - MARGIN);
  const clampTop = (top: number) => Math.min(Math.max(MARGIN, top), view.height - bubbleHeight - MARGIN);
  if (spot.bottom + around + bubbleHeight <= view.height - MARGIN) return { top: spot.bottom + around, left: clampLeft(spot.left), width };
  if (spot.top - around - bubbleHeight >= MARGIN) return { top: spot.top - around - bubbleHeight, left: clampLeft(spot.left), width };
  if (spot.right + around + width <= view.width - MARGIN) return { top: clampTop(spot.top), left: spot.right + around, width };
  if (spot.left - around - width >= MARGIN) return { top: clampTop(spot.top), left: spot.left - around - width, width };
  return { top: view.height - bubbleHeight - MARGIN, left: clampLeft(spot.left), width };
}

function place(el: HTMLElement, bubble: HTMLElement | null): Placement {
  const spot = el.getBoundingClientRect();
  const measured = bubble?.offsetHeight;
  const at = placeBubble(spot, { width: window.innerWidth, height: window.innerHeight }, measured || BUBBLE_HEIGHT);
  return { spot, ...at };
}

/**
 * The guided tour: the page dimmed (mask 0.5) except the current step's element, and a bubble
 * (342 px, narrower on phones) with 上一步 / 下一步 / 完成 and 跳过. Escape skips; Tab stays inside.
 */
export function Tour({ steps = TOUR_STEPS, onClose }: { steps?: TourStep[]; onClose: () => void }) {
  const [present, setPresent] = useState<{ step: TourStep; el: HTMLElement }[] | null>(null);
  const [index, setIndex] = useState(0);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();

  // The page's parts appear once its lazy chunk and first data are in: look for them for a few seconds.
  useEffect(() => {
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      const found = presentSteps(steps);
      const ready = document.querySelector('.filters-bar, .rankings-page') !== null;
      if ((found.length > 0 && ready) || tries >= 30) {
        window.clearInterval(timer);
        if (found.length === 0) onClose();
        else setPresent(found);
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [steps, onClose]);

  const current = present?.[index];
  const measure = useCallback(() => { if (current) setPlacement(place(current.el, bubble.current)); }, [current]);

  useLayoutEffect(() => {
    if (!current) return;
    scrollToStep(current.el);
    measure();
  }, [current, measure]);

  useEffect(() => {
    if (!current) return undefined;
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
    };
  }, [current, measure]);

  const placed = placement !== null;
  useEffect(() => {
    bubble.current?.querySelector<HTMLElement>('[data-primary]')?.focus();
  }, [index, placed]);

  if (!present || !current || !placement) return null;
  const last = index === present.length - 1;
  const next = () => (last ? onClose() : setIndex(index + 1));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Tab') {
      // keep the focus on the bubble's buttons while the page behind is dimmed
      const buttons = Array.from(bubble.current?.querySelectorAll<HTMLElement>('button') ?? []);
      const at = buttons.indexOf(document.activeElement as HTMLElement);
      const to = (at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
      e.preventDefault();
      buttons[to]?.focus();
    }
  };

  const { spot } = placement;
  return createPortal(
    <div className="tour" data-step={index + 1}>
      <div className="tour__blocker" aria-hidden="true" />
      <div
        className="tour__spot"
        aria-hidden="true"
        style={{
          top: spot.top - SPOT_PADDING,
          left: spot.left - SPOT_PADDING,
          width: spot.width + 2 * SPOT_PADDING,
          height: spot.height + 2 * SPOT_PADDING,
          boxShadow: `0 0 0 200vmax rgba(0, 0, 0, ${TOUR_MASK_OPACITY})`,
        }}
      />
      <div
        ref={bubble}
        className="tour__bubble"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        style={{ top: placement.top, left: placement.left, width: placement.width }}
        onKeyDown={onKeyDown}
      >
        <div className="tour__head">
          <h2 id={titleId} className="tour__title">{current.step.title}</h2>
          <span className="tour__count">{index + 1}/{present.length}</span>
        </div>
        <p id={textId} className="tour__text">{current.step.text}</p>
        <div className="tour__actions">
          <button type="button" className="tour__skip" onClick={onClose}>跳过</button>
          {index > 0 && <button type="button" className="tour__btn" onClick={() => setIndex(index - 1)}>上一步</button>}
          <button type="button" className="tour__btn tour__btn--primary" data-primary onClick={next}>{last ? '完成' : '下一步'}</button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
