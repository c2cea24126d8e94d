// WeChat page sharing (issue 13) in Debian's Chromium against the running stack, whose API signs with the
// recorded WeChat API fixture (deploy/test-stack.sh). The only stand-in is the WeChat app itself: an init
// script defines window.WeixinJSBridge (what the app injects into its browser) and records what the real,
// self-hosted JS-SDK asks of it. Checked: the signature the page sends is sha1 over the fixture's ticket,
// the nonce, the timestamp and the exact page URL; a client-side route change signs again with the new
// URL; the share card is the page's own; iOS keeps the landing URL; a normal browser never loads the SDK.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE, PHONE, launch, newPage, shot } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TICKET = JSON.parse(readFileSync(join(here, '../../tests/fixtures/wechat/getticket.json'), 'utf8')).ticket;
const manifest = JSON.parse(readFileSync(join(here, '../dist/.vite/manifest.json'), 'utf8'));
const SDK_CHUNK = '/' + manifest['src/lib/wechat/sdk.ts'].file;

const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

/** The WeChat app's bridge: every invoke is recorded and answered `<name>:ok`, as the app does. */
const WECHAT_APP = () => {
  window.__wxCalls = [];
  window.WeixinJSBridge = {
    invoke(name, args, callback) {
      window.__wxCalls.push({ name, args: JSON.parse(JSON.stringify(args)), href: location.href });
      setTimeout(() => callback?.({ err_msg: `${name}:ok`, networkType: 'wifi' }), 0);
    },
    on(name) {
      window.__wxCalls.push({ name: `on:${name}` });
    },
  };
};

const sha1 = (text) => createHash('sha1').update(text).digest('hex');
const expectedSignature = ({ verifyNonceStr, verifyTimestamp }, url) =>
  sha1(`jsapi_ticket=${TICKET}&noncestr=${verifyNonceStr}&timestamp=${verifyTimestamp}&url=${url}`);

async function wechatPage(browser, ua) {
  const { context, page } = await newPage(browser, { userAgent: ua, viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript(WECHAT_APP);
  const scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  return { context, page, scripts };
}

const calls = (page) => page.evaluate(() => window.__wxCalls);

/** Waits until the bridge has seen `count` calls named `name`, returns them. */
async function waitForCalls(page, name, count) {
  await page.waitForFunction(([n, c]) => window.__wxCalls.filter((x) => x.name === n).length >= c, [name, count], { timeout: 15_000 });
  return (await calls(page)).filter((x) => x.name === name);
}

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('WeChat sharing', { concurrency: false }, () => {
  test('inside WeChat every route is signed for wx.config and gets its own share card', async () => {
    const { context, page, scripts } = await wechatPage(browser, ANDROID_WECHAT);
    const warnings = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(BASE + '/papers?from=share#top');

    const [first] = await waitForCalls(page, 'preVerifyJSAPI', 1);
    const landing = `${BASE}/papers?from=share`;
    assert.equal(first.args.verifyAppId, 'wx-test-app');
    assert.equal(first.args.verifySignType, 'sha1');
    assert.equal(first.args.verifySignature, expectedSignature(first.args, landing), 'sha1(ticket, nonce, timestamp, page URL without #)');
    assert.deepEqual(first.args.verifyJsApiList, ['updateAppMessageShareData', 'updateTimelineShareData']);
    assert.ok(scripts.includes(BASE + SDK_CHUNK), 'the SDK comes from this site, as the lazy chunk');

    const [card] = await waitForCalls(page, 'updateAppMessageShareData', 1);
    assert.equal(card.args.link, landing);
    assert.equal(card.args.title, await page.locator('meta[property="og:title"]').getAttribute('content'));
    assert.match(card.args.title, /论文/);
    assert.equal(card.args.desc, await page.locator('meta[property="og:description"]').getAttribute('content'));
    assert.equal(card.args.verifySignature, first.args.verifySignature, 'share calls carry the page signature');
    const [timeline] = await waitForCalls(page, 'updateTimelineShareData', 1);
    assert.equal(timeline.args.link, landing);

    // A client-side route change: a paper's own page.
    const link = page.locator('a[href^="/paper/"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(BASE + href);
    const [, second] = await waitForCalls(page, 'preVerifyJSAPI', 2);
    assert.equal(second.args.verifySignature, expectedSignature(second.args, BASE + href), 'signed again with the new URL');
    assert.notEqual(second.args.verifySignature, first.args.verifySignature);
    // The paper's title arrives with its data: the card follows the page's Open Graph title.
    await page.waitForFunction(
      () => {
        const og = document.querySelector('meta[property="og:title"]')?.content;
        const cards = window.__wxCalls.filter((x) => x.name === 'updateAppMessageShareData');
        return og && og !== '论文' && og !== 'AI 社区' && cards.at(-1).args.title === og;
      },
      null,
      { timeout: 15_000 },
    );
    const last = (await calls(page)).filter((x) => x.name === 'updateAppMessageShareData').at(-1);
    assert.equal(last.args.link, BASE + href);
    assert.equal(last.args.title, await page.locator('meta[property="og:title"]').getAttribute('content'));
    assert.equal(scripts.filter((u) => u.endsWith(SDK_CHUNK)).length, 1, 'the SDK chunk loads once');
    assert.deepEqual(page.errors, []);
    assert.deepEqual(warnings, []);
    await shot(page, 'wechat-paper-375');
    await context.close();
  });

  test('iOS WeChat signs the URL the visit was entered with, also after a route change', async () => {
    const { context, page } = await wechatPage(browser, IPHONE_WECHAT);
    await page.goto(BASE + '/papers');
    const [first] = await waitForCalls(page, 'preVerifyJSAPI', 1);
    assert.equal(first.args.verifySignature, expectedSignature(first.args, `${BASE}/papers`));
    await waitForCalls(page, 'updateAppMessageShareData', 1);
    const link = page.locator('a[href^="/paper/"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(BASE + href);
    await page.waitForFunction(
      (h) => window.__wxCalls.some((x) => x.name === 'updateAppMessageShareData' && x.args.link.endsWith(h)),
      href,
      { timeout: 15_000 },
    );
    const verifies = (await calls(page)).filter((x) => x.name === 'preVerifyJSAPI');
    assert.equal(verifies.length, 1, 'the landing URL stays signed');
    const last = (await calls(page)).filter((x) => x.name === 'updateAppMessageShareData').at(-1);
    assert.equal(last.args.verifySignature, expectedSignature(first.args, `${BASE}/papers`));
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a normal browser never downloads the SDK chunk', async () => {
    const { context, page } = await newPage(browser);
    const requested = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(BASE + '/papers');
    const link = page.locator('a[href^="/paper/"]').first();
    await link.click();
    await page.locator('h1').first().waitFor();
    await page.goto(BASE + '/events');
    await page.locator('a[href^="/"]').first().waitFor();
    assert.ok(requested.some((u) => u.includes('/assets/')), 'assets were loaded');
    assert.deepEqual(requested.filter((u) => u.endsWith(SDK_CHUNK) || u.includes('/v1/other/wxshare')), []);
    assert.equal(await page.evaluate(() => 'wx' in window || 'jWeixin' in window), false);
    await context.close();
  });
});
