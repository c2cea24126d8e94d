/**
 * WeChat page sharing: for each page, ask the API for a JS-SDK signature of the page's URL, hand it to
 * `wx.config`, and once the SDK is ready give WeChat the page's share card (title, description, link,
 * picture — what the head's Open Graph tags say, the same the server renders into the HTML shell).
 * The SDK object and the API call are passed in, so this logic runs in unit tests; ./sdk.ts wires the
 * real ones.
 */

/** What POST /v1/other/wxshare answers. */
export interface ShareConfig {
  appId: string;
  nonceStr: string;
  timestamp: number;
  url: string;
  signature: string;
  [key: string]: unknown;
}

export interface ShareCard {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** The part of the JS-SDK used here. */
export interface WxApi {
  config(options: {
    debug?: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (res: { errMsg: string }) => void): void;
  updateAppMessageShareData(card: ShareCard): void;
  updateTimelineShareData(card: Omit<ShareCard, 'desc'>): void;
}

export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData'];

/** A URL as WeChat signs it: everything before `#`. */
export function withoutFragment(href: string): string {
  return href.split('#')[0];
}

export function isIOS(ua: string): boolean {
  return /iPhone|iPad|iPod/i.test(ua);
}

/**
 * The URL to sign. Android WeChat checks the signature against the current address. iOS WeChat
 * checks it against the address the single-page app was entered with, for as long as the visit
 * lasts (client-side navigation does not update it), so there the landing URL is signed.
 */
export function urlToSign(ua: string, landingUrl: string, currentHref: string): string {
  return withoutFragment(isIOS(ua) ? landingUrl : currentHref);
}

function meta(doc: Document, attr: 'name' | 'property', key: string): string {
  return doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`)?.content?.trim() ?? '';
}

/** The page's share card from the head (kept current by useDocumentTitle) and its address. */
export function shareCard(doc: Document, currentHref: string): ShareCard {
  return {
    title: meta(doc, 'property', 'og:title') || doc.title,
    desc: meta(doc, 'property', 'og:description') || meta(doc, 'name', 'description'),
    link: withoutFragment(currentHref),
    imgUrl: meta(doc, 'property', 'og:image'),
  };
}

export interface ShareDeps {
  wx: WxApi;
  /** POST /v1/other/wxshare; rejects with an error whose `code` is 404 when WeChat is not configured. */
  fetchConfig: (url: string) => Promise<ShareConfig>;
  landingUrl: string;
  ua: string;
  doc: Document;
  location: { href: string };
  warn: (message: string, detail?: unknown) => void;
}

export interface WeChatShare {
  /** Sign the current page and configure the SDK (after every route change). */
  onRoute(): Promise<void>;
  /** The page's title or meta tags changed: give WeChat the new card. */
  onPageMeta(): void;
}

export function createWeChatShare(deps: ShareDeps): WeChatShare {
  const { wx } = deps;
  let off = false; // WeChat sharing is not configured on this server: stop asking
  let warned = false;
  let signedUrl: string | null = null;
  let ready = false;
  let round = 0;

  // Sharing is an extra: a failure never shows in the page, and the console hears of it once.
  const warnOnce = (message: string, detail?: unknown) => {
    if (warned) return;
    warned = true;
    deps.warn(message, detail);
  };

  const applyCard = () => {
    if (!ready) return;
    const card = shareCard(deps.doc, deps.location.href);
    wx.updateAppMessageShareData(card);
    wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
  };

  const onRoute = async () => {
    if (off) return;
    const url = urlToSign(deps.ua, deps.landingUrl, deps.location.href);
    if (url === signedUrl) {
      // iOS signs the landing URL once for the whole visit: only the card changes.
      applyCard();
      return;
    }
    const mine = ++round;
    ready = false;
    let config: ShareConfig;
    try {
      config = await deps.fetchConfig(url);
    } catch (err) {
      if ((err as { code?: number })?.code === 404) off = true;
      warnOnce('WeChat sharing is unavailable', err);
      return;
    }
    if (mine !== round) return; // the visitor moved on meanwhile: that newer page signs itself
    signedUrl = url;
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: [...JS_API_LIST],
    });
    wx.ready(() => {
      if (mine !== round) return;
      ready = true;
      applyCard();
    });
    wx.error((res) => {
      if (mine === round) signedUrl = null; // sign again on the next page
      warnOnce('wx.config failed', res?.errMsg);
    });
  };

  return { onRoute, onPageMeta: applyCard };
}
