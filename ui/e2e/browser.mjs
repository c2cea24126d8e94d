// Shared browser setup for the e2e tests: Debian's Chromium through playwright-core (no browser download).
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE = (process.env.HUB_BASE_URL || 'http://127.0.0.1:8000').replace(/\/$/, '');
export const SHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export const DESKTOP = { width: 1280, height: 860 };
export const TABLET = { width: 768, height: 1024 };
export const PHONE = { width: 375, height: 760 };
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A phone's browser context (375 px, touch, an iPhone's user agent) for `newPage(browser, PHONE_CONTEXT)`. */
export const PHONE_CONTEXT = { viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-dev-shm-usage',
    ],
  });
}

/** Marks the first-visit tour as seen and the upgrade guide as just dismissed, so they do not cover the page. */
export const GUIDES_SEEN = () => {
  localStorage.setItem('hub:tour', 'done');
  localStorage.setItem('hub:upgrade-guide-dismissed', String(Date.now()));
};

/**
 * A context whose page logs uncaught page errors into `errors`. The guided tour and the upgrade guide
 * are taken as seen unless `guides: true` (ui/e2e/shell.e2e.test.mjs walks them).
 */
export async function newPage(browser, { guides = false, ...opts } = {}) {
  // Less motion, as a reader may ask their system for (ui/src/styles/global.css): the header's pulsing dot no longer
  // makes the browser draw every frame of a test, about an eighth of its CPU time; `reducedMotion: 'no-preference'`
  // in `opts` for a test about motion itself.
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce', ...opts });
  if (!guides) await context.addInitScript(GUIDES_SEEN);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return { context, page };
}

export async function shot(page, name, fullPage = false) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/**
 * Signs in through the header's button and the provider's form, and comes back through /logincall
 * to the page it started on.
 */
export async function signIn(page, username, password, start = '/') {
  await page.goto(BASE + start);
  const login = page.locator('a.login-btn');
  await login.waitFor();
  const href = await login.getAttribute('href');
  assert.match(href, /\/auth\/login\?redirect_url=/, 'the login button goes to /auth/login with redirect_url');
  assert.equal(new URL(href, BASE).searchParams.get('redirect_url'), start);
  await login.click();
  await page.locator('#username').waitFor({ timeout: 30_000 });
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('#kc-login');
  // provider -> API callback -> /logincall -> back where we were
  await page.waitForURL((u) => u.href.startsWith(BASE) && !u.pathname.startsWith('/logincall') && !u.pathname.startsWith('/auth/'), { timeout: 30_000 });
  assert.equal(new URL(page.url()).pathname, start.split('?')[0]);
  await page.locator('.user-chip').waitFor();
}

/**
 * fetch from the test runner itself, sent once more when the server had closed the kept-alive connection it went
 * out on (gunicorn closes an idle one after 2 s, node keeps it 4 s: a request can leave just as the close arrives,
 * and fails with "other side closed" before the server read it). Browsers resend such a request the same way.
 */
export async function serverFetch(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** The `data` of an API call's envelope (`path` under /api). */
export async function api(path, init) {
  const res = await serverFetch(BASE + '/api' + path, init);
  return (await res.json()).data;
}

/** Resolves once `check()` is truthy (polled every 100 ms); fails after `timeout` ms. */
export async function waitFor(check, timeout = 10000, message = 'timed out waiting for beacons') {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(message);
    await new Promise((r) => setTimeout(r, 100));
  }
}
