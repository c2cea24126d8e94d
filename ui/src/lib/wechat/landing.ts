/**
 * What the entry chunk knows about WeChat sharing; the SDK itself is a lazy chunk (./sdk.ts) that
 * only WeChat's browser loads.
 */

/**
 * The address this page load was entered with, taken when the entry chunk is evaluated — before the
 * router redirects or navigates. iOS WeChat binds the JS-SDK to this URL for the whole visit of a
 * single-page app (pushState does not change it), so on iOS that is the URL to sign (./share.ts).
 */
export const LANDING_URL = typeof window === 'undefined' ? '' : window.location.href.split('#')[0];

/** WeChat's in-app browser: its user agent carries `MicroMessenger`. */
export function isWeChatBrowser(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua);
}

/** Fired by useDocumentTitle after it changed the page's title or meta tags: the share card follows. */
export const PAGE_META_EVENT = 'hub:pagemeta';
