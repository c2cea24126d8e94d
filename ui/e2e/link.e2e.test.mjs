// The link feed (issue 13) in Debian's Chromium against the running stack and its built-in link service:
// signed out the feed reads without a token; signed in, posting gets a link token through the authorize
// flow (kept under the local key link_token), the status shows at the top, a favourite sticks across a
// reload (the server's flag, read with the bearer token), a reply shows in the discussion, and a story
// shared from /shareToLink lands in the feed. The header's 社区动态 entry opens /link (desktop and phone).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE, PHONE_UA, launch, newPage, shot, signIn } from './browser.mjs';

const USER = process.env.HUB_E2E_USER;
const PASSWORD = process.env.HUB_E2E_PASSWORD;
const NO_USER = !USER || !PASSWORD ? 'HUB_E2E_USER and HUB_E2E_PASSWORD are not set: link feed browser tests skipped' : false;
if (NO_USER) console.log(`# ${NO_USER}`);

const stamp = Date.now().toString(36);
const TEXT = `端到端动态 e2e${stamp}`;

let browser;
let userState;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function toastSays(page, text) {
  await page.locator('.toast', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

describe('link feed', { concurrency: false }, () => {
  test('signed out: the feed reads without an authorization header and offers sign-in to post', async () => {
    const { context, page } = await newPage(browser);
    const authHeaders = [];
    page.on('request', (r) => {
      if (r.url().includes('/link-api/')) authHeaders.push(r.headers().authorization ?? null);
    });
    await page.goto(BASE + '/link');
    await page.getByRole('heading', { name: '社区动态' }).waitFor();
    await page.getByText('登录后即可发布动态').waitFor();
    await page.locator('.list-wrapper, [aria-label="动态列表"]').first().waitFor();
    assert.ok(authHeaders.length > 0, 'the timeline was requested');
    assert.deepEqual([...new Set(authHeaders)], [null], 'no Authorization header without a stored token');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('sign in, post a status and see it at the top of the feed', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, USER, PASSWORD, '/link');
    await page.getByRole('textbox', { name: '动态内容' }).fill(TEXT);
    await page.getByText(`${TEXT.length}/500`).waitFor();
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await toastSays(page, '发布成功');
    const first = page.locator('.link-status').first();
    await first.getByText(TEXT).waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('link_token'));
    assert.ok(token && token.length > 20, 'the link token is kept under the local key');
    await shot(page, 'link-feed-posted');
    userState = await context.storageState();
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('favourite a status: the toggle and count change and stay after a reload', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser, { storageState: userState });
    const bearer = [];
    page.on('request', (r) => {
      if (r.url().includes('/link-api/')) bearer.push(r.headers().authorization ?? null);
    });
    await page.goto(BASE + '/link');
    const mine = page.locator('.link-status', { hasText: TEXT });
    const fav = mine.getByRole('button', { name: /收藏/ });
    await fav.waitFor();
    assert.equal(await fav.getAttribute('aria-pressed'), 'false');
    await fav.click();
    await mine.getByRole('button', { name: /已收藏/ }).waitFor();
    assert.equal(await mine.getByRole('button', { name: /已收藏/ }).getAttribute('aria-pressed'), 'true');
    assert.match(await mine.getByRole('button', { name: /已收藏/ }).innerText(), /1/);
    await page.reload();
    await page.locator('.link-status', { hasText: TEXT }).getByRole('button', { name: /已收藏/ }).waitFor();
    assert.ok(bearer.length > 0 && bearer.every((h) => h && h.startsWith('Bearer ')), 'with a stored token every link call is a bearer call');
    await mine.getByRole('button', { name: /书签/ }).click();
    await mine.getByRole('button', { name: /已加书签/ }).waitFor();
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('open the discussion, reply, and see the reply', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser, { storageState: userState });
    await page.goto(BASE + '/link');
    await page.locator('.link-status', { hasText: TEXT }).getByRole('button', { name: /讨论/ }).click();
    await page.getByRole('region', { name: '讨论', exact: true }).waitFor();
    assert.match(page.url(), /\/link\?status=\d+/);
    await page.getByRole('textbox', { name: '回复内容' }).fill(`回复 ${stamp}`);
    await page.getByRole('button', { name: '回复', exact: true }).click();
    await page.locator('.link-list--replies .link-status', { hasText: `回复 ${stamp}` }).waitFor();
    await page.getByText('回复 1').waitFor();
    await shot(page, 'link-discussion');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  for (const [name, options] of [
    ['desktop', {}],
    ['phone', { viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true }],
  ]) {
    test(`leaving a discussion by Back and by 返回社区动态 keeps the app running (${name})`, { skip: NO_USER }, async () => {
      const { context, page } = await newPage(browser, { storageState: userState, ...options });
      const consoleErrors = [];
      page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
      await page.goto(BASE + '/link');
      const openDiscussion = async () => {
        await page.locator('.link-status', { hasText: TEXT }).getByRole('button', { name: /讨论/ }).click();
        await page.getByRole('region', { name: '讨论', exact: true }).waitFor();
      };
      await openDiscussion();
      await page.goBack();
      await page.getByRole('heading', { name: '社区动态' }).waitFor();
      await page.locator('.link-status', { hasText: TEXT }).waitFor();
      await openDiscussion();
      await page.getByRole('link', { name: '← 返回社区动态' }).click();
      await page.locator('.link-status', { hasText: TEXT }).waitFor();
      assert.equal(await page.getByText('应用发生错误异常').count(), 0, 'no error page');
      assert.deepEqual(page.errors, []);
      assert.deepEqual(consoleErrors.filter((e) => /is not a function/.test(e)), []);
      await shot(page, `link-back-${name}`);
      await context.close();
    });
  }

  test('share a story into the link feed', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser, { storageState: userState });
    await page.goto(BASE + '/');
    await page.locator('.story-card').first().waitFor();
    const id = await page.locator('.story-card').first().getAttribute('data-id');
    await page.goto(`${BASE}/shareToLink?type=story&id=${id}`);
    const box = page.getByRole('textbox', { name: '动态内容' });
    await box.waitFor();
    assert.match(await box.inputValue(), new RegExp(`/view/${id}`));
    await page.getByRole('button', { name: '发布到社区动态' }).click();
    await page.waitForURL(/\/link\?status=\d+/);
    await page.locator('.link-status--current', { hasText: `/view/${id}` }).waitFor();
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('the feed on a phone does not widen the page', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser, { storageState: userState, viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    await page.goto(BASE + '/link');
    await page.locator('.link-status').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `page width ${width}`);
    await shot(page, 'link-feed-phone');
    await context.close();
  });

  test('the header entry 社区动态 opens the in-app feed and is highlighted there (desktop more menu, phone nav row)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/papers');
    await page.locator('.nav-link--more').hover();
    await page.locator('.nav-more__menu').getByRole('link', { name: '社区动态' }).click();
    await page.waitForURL(BASE + '/link');
    await page.getByRole('heading', { name: '社区动态' }).waitFor();
    assert.match((await page.locator('.nav-link--more').getAttribute('class')) ?? '', /nav-link--active/);
    await shot(page, 'link-nav-desktop');
    assert.deepEqual(page.errors, []);
    await context.close();

    const phone = await newPage(browser, { viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    await phone.page.goto(BASE + '/papers');
    const entry = phone.page.locator('.site-nav-row').getByRole('link', { name: '社区动态' });
    await entry.click();
    await phone.page.waitForURL(BASE + '/link');
    assert.equal(await entry.getAttribute('aria-current'), 'page');
    await shot(phone.page, 'link-nav-phone');
    assert.deepEqual(phone.page.errors, []);
    await phone.context.close();
  });
});
