/** Platform flags of the session state (spec section 3). */
export interface Device {
  isTablet: boolean;
  isiPhone: boolean;
  isAndroid: boolean;
  isApp: boolean;
  isPc: boolean;
  isEdge: boolean;
  isNativeChrome: boolean;
  isSafari: boolean;
  isWeChat: boolean;
}

/** The mobile app's web-view: its user agent carries 'AIHubApp', or the page is opened with ?app=1. */
export function detectDevice(ua: string = navigator.userAgent, search: string = window.location.search): Device {
  const params = new URLSearchParams(search);
  const appFlag = params.get('app') === '1' || params.get('app') === 'true';
  if (appFlag) {
    try { sessionStorage.setItem('aihub:app', '1'); } catch { /* private mode */ }
  }
  let storedApp = false;
  try { storedApp = sessionStorage.getItem('aihub:app') === '1'; } catch { /* ignore */ }
  const isiPhone = /iPhone|iPod/i.test(ua);
  const isAndroid = /Android/i.test(ua);
  const isTablet = /iPad|Tablet/i.test(ua) || (isAndroid && !/Mobile/i.test(ua));
  const isApp = /AIHubApp/i.test(ua) || appFlag || storedApp;
  const isEdge = /Edg\//i.test(ua);
  const isNativeChrome = /Chrome\//i.test(ua) && !isEdge && !/OPR|SamsungBrowser|UCBrowser|QQBrowser|MicroMessenger/i.test(ua);
  const isSafari = /Safari/i.test(ua) && !/Chrome|CriOS|FxiOS|EdgiOS|MicroMessenger/i.test(ua);
  return {
    isTablet,
    isiPhone,
    isAndroid,
    isApp,
    isPc: !isiPhone && !isAndroid && !isTablet,
    isEdge,
    isNativeChrome,
    isSafari,
    isWeChat: /MicroMessenger/i.test(ua),
  };
}

export function isInIframe(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
