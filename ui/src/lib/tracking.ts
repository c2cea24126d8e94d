/**
 * The UI's tracking beacons (spec section 7): exposure of list items, time spent on detail pages,
 * clicks. Each beacon is one JSON object, base64-encoded (UTF-8); beacons are queued and sent in
 * batches with `navigator.sendBeacon` (one base64 beacon per line of a text/plain body), so tracking
 * never delays the page: nothing waits for it, and what is queued is sent when the page is hidden.
 */
import { config } from './config';
import { kindPageCode } from '@/kinds';
import { detectDevice } from './device';

export type TrackEvent = 'exposure' | 'duration' | 'click';
/** Item ids a beacon may carry, by kind. */
export interface TrackIds { story_id?: number; paper_id?: number | string; project_id?: number; event_id?: number }
export interface TrackInput {
  event: TrackEvent;
  /** where on the page: feed, search, similar, detail */
  module: string;
  /** what was done: view (exposure), open (click), read (duration) */
  action: string;
  ids?: TrackIds;
  /** milliseconds on the page (duration beacons) */
  duration?: number;
}
/** What one beacon carries: the server's beacon content (docs/api.md, "Attention"). */
export interface Beacon {
  page: { url: string; title: string; referrer: string };
  device: { platform: string; screen: string; ua: string };
  visitor_id: string;
  page_id: string;
  user_id: number | null;
  user_name: string | null;
  event: TrackEvent;
  module_code: string;
  page_code: string;
  action_code: string;
  duration_ms?: number;
  story_ids: number[];
  paper_ids: number[];
  event_ids: number[];
  project_ids: number[];
  ts: number;
}

const asList = (id: number | string | undefined): number[] => {
  const n = Number(id);
  return id !== undefined && Number.isInteger(n) && n > 0 ? [n] : [];
};

const VISITOR_KEY = 'hub:visitor';
export const BATCH_SIZE = 20;
export const FLUSH_DELAY = 5000;

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A visitor id kept in local storage (a fresh one per tab when storage is off). */
let memoryVisitor: string | null = null;
export function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = randomId();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    memoryVisitor ??= randomId();
    return memoryVisitor;
  }
}

/** The page code of a path: the spec's page names, one per route. */
export function pageCode(pathname: string): string {
  const [first = '', second = ''] = pathname.split('/').filter(Boolean);
  if (first === '') return 'home';
  const kindPage = kindPageCode(first);
  if (kindPage) return kindPage;
  if (first === 'users') return second && second !== 'edit' ? 'user_home' : `users${second ? `_${second}` : ''}`;
  return first;
}

/** Base64 of the beacon's UTF-8 JSON (btoa alone takes Latin-1 only; titles are Chinese). */
export function encodeBeacon(beacon: Beacon): string {
  const bytes = new TextEncoder().encode(JSON.stringify(beacon));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBeacon(line: string): Beacon {
  const binary = atob(line);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Beacon;
}

type User = { id: number | null; name: string | null };

class Tracker {
  private queue: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pageId = randomId();
  private user: () => User = () => ({ id: null, name: null });
  private listening = false;

  /** Who is signed in, asked when each beacon is made. */
  setUser(getter: () => User) {
    this.user = getter;
  }

  /** A new page view (a route change): later beacons carry a new page id. */
  newPage() {
    this.pageId = randomId();
  }

  track(input: TrackInput) {
    if (!config.trackUrl || typeof navigator === 'undefined' || !('sendBeacon' in navigator)) return;
    this.listen();
    const device = detectDevice();
    const user = this.user();
    const ids = input.ids ?? {};
    const beacon: Beacon = {
      page: { url: window.location.href.slice(0, 2000), title: document.title.slice(0, 300), referrer: document.referrer.slice(0, 2000) },
      device: {
        platform: Object.entries(device).filter(([, on]) => on).map(([flag]) => flag).join(',').slice(0, 40),
        screen: `${window.innerWidth}x${window.innerHeight}`,
        ua: (navigator.userAgent ?? '').slice(0, 500),
      },
      visitor_id: visitorId(),
      page_id: this.pageId,
      user_id: user.id,
      user_name: user.name,
      event: input.event,
      module_code: input.module,
      page_code: pageCode(window.location.pathname),
      action_code: input.action,
      ...(input.duration !== undefined ? { duration_ms: input.duration } : {}),
      story_ids: asList(ids.story_id),
      paper_ids: asList(ids.paper_id),
      event_ids: asList(ids.event_id),
      project_ids: asList(ids.project_id),
      ts: Date.now(),
    };
    this.queue.push(encodeBeacon(beacon));
    if (this.queue.length >= BATCH_SIZE) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_DELAY);
  }

  /** Sends what is queued (the browser delivers it even while the page unloads). */
  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const body = this.queue.splice(0).join('\n');
    try {
      navigator.sendBeacon(config.trackUrl, new Blob([body], { type: 'text/plain' }));
    } catch {
      /* a refused beacon is dropped: tracking never breaks the page */
    }
  }

  private listen() {
    if (this.listening) return;
    this.listening = true;
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') this.flush(); });
    window.addEventListener('pagehide', () => this.flush());
  }
}

export const tracker = new Tracker();
export const track = (input: TrackInput) => tracker.track(input);
