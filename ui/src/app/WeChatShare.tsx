import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isWeChatBrowser } from '@/lib/wechat/landing';

/** The SDK chunk, requested once and only inside WeChat's browser. */
let loading: Promise<typeof import('@/lib/wechat/sdk')> | null = null;

/** Inside WeChat, signs every page for the JS-SDK so a shared page shows its own card. Renders nothing. */
export function WeChatShare() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!isWeChatBrowser()) return;
    loading ??= import('@/lib/wechat/sdk');
    loading
      .then((sdk) => sdk.weChatShare().onRoute())
      .catch((err) => console.warn('WeChat sharing is unavailable', err));
  }, [pathname, search]);
  return null;
}
