// Browser tests in Debian's Chromium (playwright-core) against the running stack at HUB_BASE_URL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { api, BASE, DESKTOP, launch, newPage, PHONE_CONTEXT, PHONE_UA, shot } from './browser.mjs';

const phone = PHONE_CONTEXT;
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const cardIds = (page, sel = '.feed-list > article, .feed-grid > article') =>
  page.$$eval(sel, (els) => els.map((e) => `${e.className.split(' ')[1]}:${e.getAttribute('data-arxiv') || e.getAttribute('data-id')}`));

async function noSeriousA11yViolations(page, name) {
  await settled(page); // fades (the header's sign-in button) and loading states must be over before axe looks
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  assert.deepEqual(summary, [], `${name}: serious/critical axe violations`);
  const minor = result.violations.filter((v) => !bad.includes(v)).map((v) => `${v.id}(${v.impact})`);
  if (minor.length) console.log(`# axe ${name}: minor: ${minor.join(', ')}`);
}

/** The page is still: nothing loading, the images on screen loaded (lazy ones below stay unloaded), fonts
 * loaded, and no finite CSS animation or transition running. */
async function settled(page) {
  await page.waitForFunction(() =>
    !document.querySelector('.list-state--loading, .page-loading') &&
    Array.from(document.images).every((img) => {
      const r = img.getBoundingClientRect();
      return img.complete || r.top >= window.innerHeight || r.bottom <= 0;
    }) &&
    document.fonts.status === 'loaded' &&
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** Every hotness chart has finished drawing: its canvas stays the same across two polls. */
async function chartDrawn(page) {
  await page.locator('.trend-chart canvas').first().waitFor();
  await page.waitForFunction(() => {
    const now = Array.from(document.querySelectorAll('.trend-chart canvas')).map((c) => c.toDataURL()).join();
    const same = now === window.__lastChart;
    window.__lastChart = now;
    return same;
  }, null, { polling: 250 });
}

describe('build', () => {
  test('reports the initial JavaScript size (gzip)', () => {
    const report = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'size-report.json');
    assert.ok(existsSync(report), `${report} is missing: run npm run build first`);
    const r = JSON.parse(readFileSync(report, 'utf8'));
    console.log(`# initial JS: ${(r.initialGzip / 1024).toFixed(1)} kB gzip in ${r.initial.length} files (${(r.initialRaw / 1024).toFixed(1)} kB raw); ${r.allChunks} chunks in all`);
    assert.ok(r.initialGzip < 150 * 1024, 'initial JS stays under 150 kB gzip');
  });
});

describe('desktop', () => {
  test('type a Chinese query: Enter on a suggested title opens the story; Enter on the last row lands on highlighted results with counts per tab', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/');
    const input = page.getByRole('combobox', { name: '搜索' });
    await input.click();
    await input.pressSequentially('大模型', { delay: 30 });
    const first = page.getByRole('option').first();
    await first.locator('em').first().waitFor();
    assert.equal(await first.locator('em').first().textContent(), '大模型');
    const options = page.getByRole('option');
    const n = await options.count();
    assert.match(await options.nth(n - 1).textContent(), /查看“大模型”的搜索结果/);
    await page.keyboard.press('ArrowDown');
    // the highlight moves on React's next render: wait for it rather than read the attribute at once
    await page.locator('[role="option"][aria-selected="true"]').waitFor();
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    const title = (await first.locator('.search-row__text').textContent()).trim(); // the row also names its kind
    await Promise.all([page.waitForURL(/\/view\/\d+/), page.keyboard.press('Enter')]);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal((await page.getByRole('heading', { level: 1 }).first().textContent()).trim(), title);
    // the last row searches the typed text
    const box = page.getByRole('combobox', { name: '搜索' });
    await box.click();
    await box.fill('');
    await box.pressSequentially('大模型', { delay: 30 });
    await page.getByRole('option').first().locator('em').first().waitFor();
    await box.press('End'); // the caret, not the highlight
    const rows = await page.getByRole('option').count();
    for (let i = 0; i < rows; i += 1) await page.keyboard.press('ArrowDown');
    await page.locator('[role="option"][aria-selected="true"]', { hasText: '查看“大模型”的搜索结果' }).waitFor();
    await Promise.all([page.waitForURL(/\/search\?q=/), page.keyboard.press('Enter')]);
    const q = new URL(page.url()).searchParams.get('q');
    assert.equal(q, '大模型');
    // highlighted titles
    await page.locator('.feed-list article').first().waitFor();
    assert.ok((await page.locator('.card-title em').count()) > 0, 'titles carry <em> highlights');
    // counts per tab, as the API counts them
    const totals = await api('/v2/total?q=' + encodeURIComponent(q));
    await page.locator('[data-tab="all"] .tab__count').waitFor();
    for (const tab of ['story', 'paper', 'event', 'project']) {
      const text = await page.locator(`[data-tab="${tab}"] .tab__count`).textContent();
      assert.equal(Number(text.replace(/[^\d.]/g, '')) >= 0, true);
      if (totals[tab] < 1000) assert.equal(text, String(totals[tab]), `count of ${tab}`);
    }
    // the history keeps the search
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('aihub:search-history'))), [q, title]);
    await context.close();
  });

  test('search tabs filter by type; read-only event cards link to the events site', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/search?q=' + encodeURIComponent('模型'));
    await page.locator('.feed-list article').first().waitFor();
    await shot(page, 'search-1280');
    await page.locator('[data-tab="event"]').click();
    await page.waitForURL(/model=event/);
    await page.locator('.search-event-card').first().waitFor();
    const href = await page.locator('.search-event-card .card-title a').first().getAttribute('href');
    assert.match(href, /\/activities\/\d+$/);
    assert.equal(await page.locator('.search-event-card .card-title a').first().getAttribute('target'), '_blank');
    assert.equal(await page.locator('.story-card').count(), 0);
    await noSeriousA11yViolations(page, 'search results (events)');
    await context.close();
  });

  test('filter home by tags and time: the URL and the list change', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/');
    await page.locator('.feed-list article').first().waitFor();
    const before = await cardIds(page);
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/story/list') && JSON.parse(r.postData()).label.includes('llm')),
      page.getByRole('button', { name: '大模型', exact: true }).click(),
    ]);
    assert.equal(new URL(page.url()).searchParams.get('label'), 'llm');
    assert.deepEqual(JSON.parse(req.postData()).label, ['llm']);
    await page.waitForFunction(() => !document.querySelector('.list-state--loading'));
    await page.locator('.feed-list article').first().waitFor();
    const tagged = await page.$$eval('.feed-list article', (els) => els.map((e) => e.querySelector('.card-tag--on')?.textContent));
    assert.ok(tagged.every((t) => t === '大模型'), 'every story carries the selected tag, shown first');
    // a second tag widens it (any selected tag matches); the selected line shows
    await page.getByRole('button', { name: 'Agent 智能体' }).click();
    await page.waitForURL(/label=llm%2Cagent|label=llm,agent/);
    await page.getByText(/已选 \(2\/\d+\)/).waitFor();
    // hot, this week
    await page.locator('[data-sort="hot"]').click();
    await page.waitForURL(/sort=hot/);
    const [weekReq] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/story/list') && JSON.parse(r.postData()).time === 'week'),
      page.locator('[data-time="week"]').click(),
    ]);
    const body = JSON.parse(weekReq.postData());
    assert.equal(body.sort, 'hot');
    assert.deepEqual(body.label, ['llm', 'agent']);
    assert.equal(new URL(page.url()).searchParams.get('time'), 'week');
    await page.getByRole('button', { name: '重新选择' }).click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.get('label'));
    await page.waitForFunction(() => !document.querySelector('.list-state--loading'));
    const after = await cardIds(page);
    assert.notDeepEqual(after, before, 'the hot list differs from the newest list');
    await context.close();
  });

  test('scroll loads the second page without duplicates', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/');
    await page.locator('.feed-list article').nth(19).waitFor();
    const first = await cardIds(page);
    assert.equal(first.length, 20);
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/story/list') && JSON.parse(r.postData()).page === 2),
      page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight)),
    ]);
    assert.ok(req);
    await page.waitForFunction(() => document.querySelectorAll('.feed-list article').length > 20);
    const all = await cardIds(page);
    assert.equal(new Set(all).size, all.length, 'no duplicates');
    assert.deepEqual(all.slice(0, 20), first);
    await context.close();
  });

  test('a story opens in a new tab', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/');
    const link = page.locator('.story-card .card-title a').first();
    await link.waitFor();
    const title = (await link.textContent()).trim();
    assert.equal(await link.getAttribute('target'), '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    assert.match(tab.url(), /\/view\/\d+$/);
    await tab.locator('h1.story-page__title').waitFor();
    assert.equal((await tab.locator('h1.story-page__title').textContent()).trim(), title);
    assert.ok((await tab.locator('.story-content p').count()) > 0, 'content rendered');
    // 相关推荐: items of several kinds sharing the story's topic, each marked with its kind (issue 34).
    const related = tab.getByRole('complementary', { name: '相关推荐' });
    await related.locator('li').first().waitFor();
    const kinds = await related.locator('.related-aside__kind').allTextContents();
    assert.ok(kinds.length >= 2 && kinds.length <= 6, `related items: ${kinds}`);
    assert.ok(new Set(kinds).size >= 2, `more than one kind: ${kinds}`);
    await tab.setViewportSize(DESKTOP);
    await settled(tab);
    await shot(tab, 'story-1280');
    assert.equal(page.url(), BASE + '/', 'the list stays in the first tab');
    await context.close();
  });

  test('share popover shows a QR code and copies the link', async () => {
    const { context, page } = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const list = await api('/v1/story/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, label: [], sort: 'new', size: 1 }) });
    const id = list.list[0].story_info.id;
    await page.goto(`${BASE}/view/${id}`);
    await page.getByRole('button', { name: '分享' }).click();
    const qr = page.locator('.share__qr svg');
    await qr.waitFor();
    assert.equal(await qr.getAttribute('width'), '65');
    await page.getByRole('button', { name: '复制链接' }).click();
    await page.getByText(/已复制|复制失败/).waitFor();
    await context.close();
  });

  test('header: 4 items plus a more menu, active item, login link, rankings tabs and no side navigation', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/rankings');
    const nav = page.getByRole('navigation', { name: '主导航' });
    assert.deepEqual(await nav.locator(':scope > a.nav-link').allTextContents(), ['活动', '论文', '榜单', '专栏']);
    assert.equal(await nav.locator('[aria-current="page"]').textContent(), '榜单');
    const login = page.getByRole('link', { name: '登录/注册' });
    assert.match(await login.getAttribute('href'), /\/auth\/login\?redirect_url=.*&from_code=/);
    assert.equal(await page.locator('.side-nav').count(), 0, 'no side navigation on rankings');
    await page.locator('.rank-row').first().waitFor();
    await settled(page);
    await shot(page, 'rankings-1280');
    await nav.getByRole('button', { name: /更多/ }).hover();
    await page.locator('.nav-more__menu').getByText('项目').waitFor();
    await page.mouse.move(5, 500);
    await page.locator('.nav-more__menu').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Hub 榜' }).click();
    await page.waitForURL(/tab=hub/);
    await page.waitForFunction(() => !document.querySelector('.list-state--loading'));
    // the hub tab ranks by the hub fields (story heat and count), not the global score
    await page.locator('.rank-row__count').first().waitFor();
    await settled(page);
    await shot(page, 'rankings-hub-1280');
    await context.close();
  });

  test('paper detail and trends draw the hotness chart', async () => {
    const { context, page } = await newPage(browser);
    const papers = await api('/v3/paper/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, label: [], sort: 'hot', time: null, size: 1 }) });
    const id = papers.list[0].paper_info.id;
    await page.goto(`${BASE}/paper/${id}`);
    await page.locator('.paper-page__title').waitFor();
    await chartDrawn(page);
    await shot(page, 'paper-1280', true);
    await page.goto(`${BASE}/trends/${id}`);
    await chartDrawn(page);
    await shot(page, 'trends-1280');
    await page.goto(`${BASE}/papers`);
    await page.locator('.paper-card').first().waitFor();
    await shot(page, 'papers-1280');
    await context.close();
  });

  test('events, projects and a user home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE}/events`);
    await page.locator('.event-card').first().waitFor();
    await settled(page);
    await shot(page, 'events-1280');
    const href = await page.locator('.event-card .card-title a').first().getAttribute('href');
    assert.match(href, /\/activities\/\d+$/);
    await page.goto(`${BASE}/projects`);
    await page.locator('.project-card').first().waitFor();
    await shot(page, 'projects-1280');
    await page.goto(`${BASE}/rankings`);
    const expert = page.locator('.rank-row:has(.expert-tag) .rank-row__name').first();
    await expert.waitFor();
    await Promise.all([page.waitForURL(/\/users\/\d+$/), expert.click()]);
    await page.locator('.user-card__name').waitFor();
    await page.getByRole('tab', { name: '论文' }).click(); // 文章 first; an expert's papers on their tab
    await page.locator('.paper-card').first().waitFor();
    assert.equal(await page.locator('.logo').getAttribute('href'), '/rankings', 'the logo leads to rankings on a user page');
    await shot(page, 'user-1280');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('home screenshot and axe on home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/');
    await page.locator('.feed-list article').first().waitFor();
    await settled(page);
    await shot(page, 'home-1280');
    await noSeriousA11yViolations(page, 'home');
    await page.goto(BASE + '/search?q=' + encodeURIComponent('大模型'));
    await page.locator('.feed-list article').first().waitFor();
    await page.locator('.tab__count').first().waitFor();
    await noSeriousA11yViolations(page, 'search results');
    await context.close();
  });

  test('unknown routes show the 404 page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/no/such/page');
    await page.getByText('This page could not be found').waitFor();
    assert.equal(await page.getByRole('link', { name: '返回首页' }).getAttribute('href'), '/');
    await context.close();
  });
});

describe('tablet', () => {
  test('768 px: side navigation as a drawer', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 768, height: 1024 } });
    await page.goto(BASE + '/');
    await page.locator('.feed-list article').first().waitFor();
    assert.equal(await page.locator('.layout__aside').count(), 0);
    await page.getByRole('button', { name: /标签筛选/ }).click();
    await page.getByRole('dialog', { name: '标签筛选' }).getByRole('button', { name: 'AIGC' }).click();
    await page.waitForURL(/label=aigc/);
    await settled(page);
    await shot(page, 'home-768-drawer');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, 'no horizontal overflow');
    await context.close();
  });
});

describe('phone', () => {
  test('375 px layout with the full-screen search overlay', async () => {
    const { context, page } = await newPage(browser, phone);
    await page.goto(BASE + '/');
    await page.locator('.feed-list article').first().waitFor();
    await settled(page);
    await shot(page, 'home-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal overflow (${overflow})`);
    assert.equal(await page.locator('.site-header__search').count(), 0, 'no inline search box on phones');
    await page.getByRole('button', { name: '搜索' }).first().click();
    const overlay = page.getByRole('dialog', { name: '搜索' });
    await overlay.waitFor();
    const box = await overlay.boundingBox();
    assert.ok(box.width >= 375 && box.height >= 700, 'the overlay covers the screen');
    const input = overlay.getByRole('combobox');
    assert.ok(await input.evaluate((el) => el === document.activeElement), 'input focused');
    await input.pressSequentially('Agent', { delay: 20 });
    await overlay.locator('[role="option"] em').first().waitFor();
    await shot(page, 'search-overlay-375');
    assert.ok(await overlay.getByRole('button', { name: '取消' }).isVisible(), 'cancel stays on screen');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, 'overlay does not overflow');
    await Promise.all([page.waitForURL(/\/search\?q=Agent$/), page.keyboard.press('Enter')]);
    await page.locator('.feed-list article').first().waitFor();
    await settled(page);
    await shot(page, 'search-375');
    await overlay.waitFor({ state: 'detached' });
    await context.close();
  });

  test('375 px screenshots of a story, a paper with its chart, and rankings', async () => {
    const { context, page } = await newPage(browser, phone);
    const stories = await api('/v1/story/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, label: [], sort: 'hot', time: 'month', size: 1 }) });
    await page.goto(`${BASE}/view/${stories.list[0].story_info.id}`);
    await page.locator('.story-page__title').waitFor();
    await settled(page);
    await shot(page, 'story-375');
    const papers = await api('/v3/paper/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, label: [], sort: 'hot', time: null, size: 1 }) });
    await page.goto(`${BASE}/trends/${papers.list[0].paper_info.id}`);
    await chartDrawn(page);
    await shot(page, 'trends-375');
    await page.goto(`${BASE}/paper/${papers.list[0].paper_info.id}`);
    await chartDrawn(page);
    await shot(page, 'paper-375', true);
    await page.goto(`${BASE}/rankings`);
    await page.locator('.rank-row').first().waitFor();
    await settled(page);
    await shot(page, 'rankings-375');
    await page.goto(`${BASE}/rankings?tab=hub`);
    await page.locator('.rank-row__count').first().waitFor();
    await settled(page);
    await shot(page, 'rankings-hub-375');
    for (const p of page.errors) console.log('# page error:', p);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('app mode: no search box, the header hides scrolling down and shows scrolling up', async () => {
    const { context, page } = await newPage(browser, { ...phone, userAgent: `${PHONE_UA} AIHubApp/2.3` });
    await page.goto(BASE + '/');
    await page.locator('.feed-list article').nth(10).waitFor();
    const header = page.locator('header.site-header');
    assert.equal(await header.getAttribute('data-app-header'), 'removed');
    assert.equal(await page.getByRole('button', { name: '搜索' }).count(), 0, 'no search in the app');
    assert.equal(await page.locator('.banner-link').count(), 0, 'no banner in the app');
    assert.equal(await page.locator('.site-nav-row').count(), 1, 'nav row on home');
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => window.scrollY > 0);
    await page.mouse.wheel(0, 500);
    await page.waitForFunction(() => document.querySelector('header.site-header').dataset.appHeader === 'hidden');
    await page.waitForFunction(() => document.querySelector('header.site-header').getAnimations().length === 0); // the slide transition
    const hiddenBox = await header.boundingBox();
    assert.ok(hiddenBox.y + hiddenBox.height <= 1, 'moved out of view');
    await page.mouse.wheel(0, -200);
    await page.waitForFunction(() => document.querySelector('header.site-header').dataset.appHeader === 'shown');
    await page.waitForFunction(() => document.querySelector('header.site-header').getAnimations().length === 0);
    const shownBox = await header.boundingBox();
    assert.ok(Math.abs(shownBox.y) < 1, 'back in view');
    const barBox = await page.locator('.filters-bar--sticky').boundingBox();
    assert.ok(barBox.y >= shownBox.y + shownBox.height - 1, 'the top filter bar stays visible below the shown header');
    await shot(page, 'app-mode-375');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('header.site-header').dataset.appHeader === 'removed');
    // the nav row only on home, events, papers, projects and rankings
    const list = await api('/v1/story/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, label: [], sort: 'new', size: 1 }) });
    await page.goto(`${BASE}/view/${list.list[0].story_info.id}`);
    await page.locator('.story-page__title').waitFor();
    assert.equal(await page.locator('.site-nav-row').count(), 0);
    await context.close();
  });
});
