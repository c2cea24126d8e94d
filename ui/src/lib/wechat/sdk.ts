/**
 * The lazy chunk only WeChat's browser loads (ui/src/app/WeChatShare.tsx): the official JS-SDK,
 * bundled from the npm package so it is served from this site (the CSP's script-src 'self'), wired to
 * the API and the page.
 */
import wx from 'weixin-js-sdk';
import { api } from '@/lib/requestApi';
import { LANDING_URL, PAGE_META_EVENT } from './landing';
import { createWeChatShare, type WeChatShare, type WxApi } from './share';

let instance: WeChatShare | null = null;

export function weChatShare(): WeChatShare {
  if (instance) return instance;
  const share = createWeChatShare({
    wx: wx as unknown as WxApi,
    // The spec sends the URL encoded; no toast or login redirect for this background call.
    fetchConfig: (url) => api.post('/v1/other/wxshare', { body: { url: encodeURIComponent(url) } }, { skipErrorHandler: true }),
    landingUrl: LANDING_URL,
    ua: navigator.userAgent,
    doc: document,
    location: window.location,
    warn: (message, detail) => console.warn(message, detail),
  });
  window.addEventListener(PAGE_META_EVENT, () => share.onPageMeta());
  instance = share;
  return share;
}
