/** What the visitor has seen of the guides, kept in local storage (private mode: shown, never remembered). */

export const TOUR_KEY = 'hub:tour';
export const UPGRADE_GUIDE_KEY = 'hub:upgrade-guide-dismissed';
/** The spec's upgrade-guide dismissal, 20160 minutes: 14 days. */
export const UPGRADE_GUIDE_DISMISS_MINUTES = 20160;

/** The visit in which the tour showed (session storage: a new tab or a new browser session is a new visit). */
export const TOUR_VISIT_KEY = 'hub:tour-this-visit';
const DAY_MS = 24 * 3600 * 1000;

function read(key: string, store: () => Storage = () => localStorage): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string, store: () => Storage = () => localStorage): void {
  try {
    store().setItem(key, value);
  } catch {
    /* storage full or disabled: the guide may show again, nothing breaks */
  }
}

/** 'done' (an older page's mark) or when the tour showed, in ms. */
export const tourSeen = () => read(TOUR_KEY) !== null;
export const rememberTour = (now: number = Date.now()) => {
  write(TOUR_KEY, String(now));
  write(TOUR_VISIT_KEY, '1', () => sessionStorage);
};

/** One onboarding at a time: after the tour, the upgrade guide waits for the next visit or a day. */
function tourJustShown(now: number): boolean {
  if (read(TOUR_VISIT_KEY, () => sessionStorage) !== '1') return false;
  const at = Number(read(TOUR_KEY));
  return Number.isFinite(at) && at > 0 && now - at < DAY_MS;
}

/** True unless the tour showed this visit less than a day ago, or the upgrade guide was dismissed less
 * than 20160 minutes before `now`. */
export function upgradeGuideDue(now: number = Date.now()): boolean {
  if (tourJustShown(now)) return false;
  const at = Number(read(UPGRADE_GUIDE_KEY));
  if (!at || !Number.isFinite(at)) return true;
  return now - at >= UPGRADE_GUIDE_DISMISS_MINUTES * 60 * 1000 || at > now;
}

export const dismissUpgradeGuide = (now: number = Date.now()) => write(UPGRADE_GUIDE_KEY, String(now));
