/** What the visitor has seen of the guides, kept in local storage (private mode: shown, never remembered). */

export const TOUR_KEY = 'hub:tour';
export const UPGRADE_GUIDE_KEY = 'hub:upgrade-guide-dismissed';
/** The spec's upgrade-guide dismissal, 20160 minutes: 14 days. */
export const UPGRADE_GUIDE_DISMISS_MINUTES = 20160;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage full or disabled: the guide may show again, nothing breaks */
  }
}

export const tourSeen = () => read(TOUR_KEY) === 'done';
export const rememberTour = () => write(TOUR_KEY, 'done');

/** True unless the upgrade guide was dismissed less than 20160 minutes before `now`. */
export function upgradeGuideDue(now: number = Date.now()): boolean {
  const at = Number(read(UPGRADE_GUIDE_KEY));
  if (!at || !Number.isFinite(at)) return true;
  return now - at >= UPGRADE_GUIDE_DISMISS_MINUTES * 60 * 1000 || at > now;
}

export const dismissUpgradeGuide = (now: number = Date.now()) => write(UPGRADE_GUIDE_KEY, String(now));
