// Events of issue 13 in Debian's Chromium against the running stack (HUB_BASE_URL) and its real sign-in
// provider: sign up for an event and see 已报名 and the ticket QR, download the calendar file, and a
// 375 px event list that never scrolls sideways. The account (HUB_E2E_USER / HUB_E2E_PASSWORD) has an
// e-mail, so 立即报名 joins at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { BASE, PHONE, PHONE_UA, launch, newPage, shot } from './browser.mjs';

const USER = process.env.HUB_E2E_USER;
const PASSWORD = process.env.HUB_E2E_PASSWORD;
const NO_USER = !USER || !PASSWORD ? 'HUB_E2E_USER and HUB_E2E_PASSWORD are not set: event sign-up tests skipped' : false;
if (NO_USER) console.log(`# ${NO_USER}`);

let browser;
let userState;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function signIn(page, start) {
  await page.goto(BASE + start);
  const login = page.locator('a.login-btn');
  await login.waitFor();
  await login.click();
  await page.locator('#username').waitFor({ timeout: 30_000 });
  await page.fill('#username', USER);
  await page.fill('#password', PASSWORD);
  await page.click('#kc-login');
  await page.waitForURL((u) => u.href.startsWith(BASE) && !u.pathname.startsWith('/logincall') && !u.pathname.startsWith('/auth/'), { timeout: 30_000 });
  await page.locator('.user-chip').waitFor();
}

test('signed in with an e-mail, 立即报名 joins at once: 报名成功, 已报名, the ticket QR at 180 px', { skip: NO_USER }, async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, '/events');
  userState = await context.storageState();
  const card = page.locator('.event-card', { has: page.locator('button.event-action', { hasText: '立即报名' }) }).first();
  await card.waitFor();
  const id = await card.getAttribute('data-id');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/events/saveOrder')),
    card.locator('button.event-action').click(),
  ]);
  assert.equal(answer.status(), 200);
  await page.locator('.toast', { hasText: '报名成功' }).first().waitFor({ timeout: 10_000 });
  const same = page.locator(`.event-card[data-id="${id}"]`);
  await same.locator('.event-action', { hasText: '已报名' }).waitFor();
  // Reloaded from the API: the sign-up is in the database, so the list still says 已报名.
  await page.reload();
  await same.locator('.event-action', { hasText: '已报名' }).waitFor();
  await same.locator('.event-action').click();
  const dialog = page.locator('.ticket-dialog');
  await dialog.waitFor();
  const qr = dialog.locator('svg[width="180"]');
  await qr.waitFor();
  const box = await qr.boundingBox();
  assert.ok(Math.abs(box.width - 180) < 1, `QR is 180 px wide, not ${box.width}`);
  const text = await dialog.innerText();
  assert.match(text, /参会人/);
  assert.match(text, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/, 'the ticket shows the time');
  assert.doesNotMatch(text, /UTC/, 'times are Beijing time, not UTC');
  await shot(page, 'events-ticket-desktop');
  // A second sign-up is refused by the API (the database's unique constraint).
  const again = await page.evaluate(async (activityId) => {
    const csrf = document.cookie.split('; ').find((c) => c.startsWith('hub_csrf='))?.split('=')[1];
    const r = await fetch('/api/v1/events/saveOrder', {
      method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf || '') },
      body: JSON.stringify({ name: '再次报名', email: 'again@example.com', activityId: Number(activityId) }),
    });
    return { status: r.status, body: await r.json() };
  }, id);
  assert.equal(again.status, 409);
  assert.equal(again.body.msg, '您已报名该活动');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('添加到日历 downloads a calendar file with the event in Beijing time', async () => {
  const { context, page } = await newPage(browser, { acceptDownloads: true });
  await page.goto(BASE + '/events');
  const link = page.locator('.event-card__calendar').first();
  await link.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.match(download.suggestedFilename(), /\.ics$/);
  const body = await readFile(await download.path(), 'utf8');
  assert.match(body, /^BEGIN:VCALENDAR/);
  assert.match(body, /BEGIN:VEVENT/);
  assert.match(body, /DTSTART;TZID=Asia\/Shanghai:\d{8}T\d{6}/);
  await context.close();
});

test('/wxDownload offers only files of this site; an iPhone outside Safari is told to switch browsers', async () => {
  const chromeIos = PHONE_UA.replace('Version/17.0 Mobile/15E148 Safari/604.1', 'CriOS/120.0.0.0 Mobile/15E148 Safari/604.1');
  const { context, page } = await newPage(browser, { viewport: PHONE, userAgent: chromeIos, isMobile: true, hasTouch: true });
  await page.goto(`${BASE}/wxDownload?name=${encodeURIComponent('开放日')}&fileUrl=${encodeURIComponent('https://evil.example/x.ics')}`);
  await page.locator('.wx-download__name').waitFor();
  assert.equal(await page.locator('a', { hasText: '下载日历文件' }).count(), 0, 'another host is not offered');
  await page.goto(`${BASE}/wxDownload?name=${encodeURIComponent('开放日')}&fileUrl=${encodeURIComponent('/api/v1/story/subscription/?id=1')}`);
  await page.locator('a', { hasText: '下载日历文件' }).waitFor();
  await page.locator('.wx-download__warn', { hasText: '该浏览器不支持打开本文件，请选择其他浏览器' }).waitFor();
  await context.close();
});

test('a 375 px phone: the event list wraps its time lines instead of scrolling sideways', async () => {
  const { context, page } = await newPage(browser, { viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true, ...(userState ? { storageState: userState } : {}) });
  await page.goto(BASE + '/events');
  await page.locator('.event-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `the page is ${width} px wide`);
  const meta = await page.locator('.event-card .event-meta span').first().evaluate((el) => getComputedStyle(el).whiteSpace);
  assert.equal(meta, 'normal');
  await shot(page, 'events-phone-375');
  await context.close();
});

for (const [name, options] of [
  ['desktop', {}],
  ['phone', { viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true }],
]) {
  test(`an event card opens the event's page on this site (${name})`, async () => {
    const { context, page } = await newPage(browser, options);
    await page.goto(BASE + '/events');
    const first = page.locator('.event-card').first();
    await first.waitFor();
    const id = await first.getAttribute('data-id');
    const title = (await first.locator('.card-title').textContent()).trim();
    await first.locator('.card-title a').click();
    await page.waitForURL(`${BASE}/activities/${id}`);
    assert.equal(page.context().pages().length, 1, 'the same tab, in the app');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('（北京时间）').waitFor();
    assert.equal(await page.locator('.event-page__facts').getByText('地点').count(), 1);
    assert.ok(await page.getByRole('button', { name: /分享/ }).isVisible());
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= (options.viewport?.width ?? 1280), `page width ${width}`);
    assert.equal(await page.title(), `${title} - AI 社区`);
    await shot(page, `event-page-${name}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
