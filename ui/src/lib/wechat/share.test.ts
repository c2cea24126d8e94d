import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/request';
import { createWeChatShare, shareCard, urlToSign, type ShareConfig, type WxApi } from './share';

const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';

/** The JS-SDK's surface, recording what the page asked of it; ready/error run when the test says. */
function recordingWx() {
  const calls: [string, unknown][] = [];
  const readies: (() => void)[] = [];
  const errors: ((res: { errMsg: string }) => void)[] = [];
  const wx: WxApi = {
    config: (o) => calls.push(['config', o]),
    ready: (fn) => readies.push(fn),
    error: (fn) => errors.push(fn),
    updateAppMessageShareData: (c) => calls.push(['updateAppMessageShareData', c]),
    updateTimelineShareData: (c) => calls.push(['updateTimelineShareData', c]),
  };
  return { wx, calls, readies, errors };
}

function setHead(title: string, description: string, image?: string) {
  document.head.innerHTML = '';
  document.title = `${title} - AI 社区`;
  const add = (attr: string, key: string, value: string) => {
    const m = document.createElement('meta');
    m.setAttribute(attr, key);
    m.content = value;
    document.head.appendChild(m);
  };
  add('property', 'og:title', title);
  add('property', 'og:description', description);
  add('name', 'description', description);
  if (image) add('property', 'og:image', image);
}

function config(url: string, n = 1): ShareConfig {
  return { appId: 'wx-test-app', nonceStr: `nonce${n}`, timestamp: 1700000000 + n, url, signature: `sig${n}` };
}

describe('WeChat sharing: which URL is signed', () => {
  it('signs the current address without its fragment on Android and elsewhere', () => {
    expect(urlToSign(ANDROID, 'https://hub.test/', 'https://hub.test/view/7?a=1#top')).toBe('https://hub.test/view/7?a=1');
  });

  it('signs the landing address on iOS, whatever the router did since', () => {
    expect(urlToSign(IPHONE, 'https://hub.test/papers?x=1#f', 'https://hub.test/view/7')).toBe('https://hub.test/papers?x=1');
  });
});

describe('WeChat sharing: the card', () => {
  it('is the head Open Graph data and the page address', () => {
    setHead('一篇文章', '文章摘要', 'https://img.test/cover.png');
    expect(shareCard(document, 'https://hub.test/view/7?from=x#c')).toEqual({
      title: '一篇文章',
      desc: '文章摘要',
      link: 'https://hub.test/view/7?from=x',
      imgUrl: 'https://img.test/cover.png',
    });
  });

  it('falls back to document.title and no picture', () => {
    document.head.innerHTML = '';
    document.title = 'AI 社区';
    expect(shareCard(document, 'https://hub.test/')).toEqual({ title: 'AI 社区', desc: '', link: 'https://hub.test/', imgUrl: '' });
  });
});

describe('WeChat sharing: config and share calls', () => {
  let warnings: unknown[][];
  const location = { href: '' };
  beforeEach(() => {
    warnings = [];
    setHead('论文', '每日论文');
  });

  function make(ua: string, fetchConfig: (url: string) => Promise<ShareConfig>, landingUrl = 'https://hub.test/papers') {
    const rec = recordingWx();
    const share = createWeChatShare({ wx: rec.wx, fetchConfig, landingUrl, ua, doc: document, location, warn: (...a) => warnings.push(a) });
    return { ...rec, share };
  }

  it('configures the SDK with the signed answer and sets the card when ready, again after a route change', async () => {
    const asked: string[] = [];
    let n = 0;
    const { share, calls, readies } = make(ANDROID, async (url) => { asked.push(url); return config(url, ++n); });
    location.href = 'https://hub.test/papers#x';
    await share.onRoute();
    expect(asked).toEqual(['https://hub.test/papers']);
    expect(calls).toEqual([
      ['config', { debug: false, appId: 'wx-test-app', timestamp: 1700000001, nonceStr: 'nonce1', signature: 'sig1', jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] }],
    ]);
    readies[0]();
    expect(calls.slice(1)).toEqual([
      ['updateAppMessageShareData', { title: '论文', desc: '每日论文', link: 'https://hub.test/papers', imgUrl: '' }],
      ['updateTimelineShareData', { title: '论文', link: 'https://hub.test/papers', imgUrl: '' }],
    ]);

    location.href = 'https://hub.test/view/7';
    setHead('文章七', '第七篇');
    await share.onRoute();
    expect(asked).toEqual(['https://hub.test/papers', 'https://hub.test/view/7']);
    expect(calls[3]).toEqual(['config', expect.objectContaining({ signature: 'sig2', nonceStr: 'nonce2' })]);
    readies[1]();
    expect(calls[4]).toEqual(['updateAppMessageShareData', { title: '文章七', desc: '第七篇', link: 'https://hub.test/view/7', imgUrl: '' }]);

    // The item's title arrives later: the card follows.
    setHead('文章七（已加载）', '摘要');
    share.onPageMeta();
    expect(calls[calls.length - 2]).toEqual(['updateAppMessageShareData', expect.objectContaining({ title: '文章七（已加载）' })]);
    expect(warnings).toEqual([]);
  });

  it('on iOS signs the landing URL once and only updates the card on later routes', async () => {
    const asked: string[] = [];
    const { share, calls, readies } = make(IPHONE, async (url) => { asked.push(url); return config(url); }, 'https://hub.test/papers');
    location.href = 'https://hub.test/papers';
    await share.onRoute();
    readies[0]();
    location.href = 'https://hub.test/view/7';
    await share.onRoute();
    expect(asked).toEqual(['https://hub.test/papers']);
    expect(calls.filter(([name]) => name === 'config')).toHaveLength(1);
    expect(calls[calls.length - 1]).toEqual(['updateTimelineShareData', expect.objectContaining({ link: 'https://hub.test/view/7' })]);
  });

  it('stops quietly, with one warning, when the server says WeChat is not configured', async () => {
    let asked = 0;
    const { share, calls } = make(ANDROID, async () => { asked += 1; throw new ApiError(404, '微信分享未配置'); });
    location.href = 'https://hub.test/';
    await share.onRoute();
    location.href = 'https://hub.test/papers';
    await share.onRoute();
    expect(asked).toBe(1);
    expect(calls).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('a wx.error warns once and signs again on the next page; other failures retry', async () => {
    let fail = true;
    const asked: string[] = [];
    const { share, errors } = make(IPHONE, async (url) => {
      asked.push(url);
      if (fail) throw new ApiError(502, '微信接口调用失败，请稍后重试');
      return config(url);
    });
    await share.onRoute();
    fail = false;
    await share.onRoute();
    errors[0]({ errMsg: 'config:invalid signature' });
    await share.onRoute();
    expect(asked).toEqual(['https://hub.test/papers', 'https://hub.test/papers', 'https://hub.test/papers']);
    expect(warnings).toHaveLength(1);
  });

  it('ignores an answer that arrives after the visitor moved on', async () => {
    const pending: ((c: ShareConfig) => void)[] = [];
    const { share, calls } = make(ANDROID, (url) => new Promise((resolve) => pending.push(() => resolve(config(url, pending.length)))));
    location.href = 'https://hub.test/a';
    const first = share.onRoute();
    location.href = 'https://hub.test/b';
    const second = share.onRoute();
    pending[1](config('https://hub.test/b'));
    await second;
    pending[0](config('https://hub.test/a'));
    await first;
    expect(calls).toHaveLength(1);
  });
});
