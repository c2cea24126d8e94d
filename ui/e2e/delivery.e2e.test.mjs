// Web delivery in Chromium (issue 12): the list request leaves with the entry chunk, before the page's
// own chunk is even asked for; scripts arrive compressed and immutable; the hotness chart draws and
// shows the day's hotness under the pointer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE, launch, newPage, serverFetch, shot } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Every request the page sends, in the order Chromium sends them, until `done` resolves. */
async function requestsDuring(page, url, ready) {
  const sent = [];
  page.on('request', (request) => sent.push(request));
  await page.goto(url);
  await ready();
  return sent;
}

const pathOf = (request) => new URL(request.url()).pathname;

describe('web delivery', () => {
  for (const [name, path, list, chunk, ready] of [
    ['home', '/', '/api/v1/story/list', /\/assets\/FeedPage-[\w-]+\.js$/, '.feed-list > article'],
    ['search', '/search?q=%E5%A4%A7%E6%A8%A1%E5%9E%8B', '/api/v2/search', /\/assets\/SearchPage-[\w-]+\.js$/, '.search-page article'],
  ]) {
    test(`${name}: the list request starts before the page's chunk is requested`, async () => {
      const { context, page } = await newPage(browser);
      const sent = await requestsDuring(page, BASE + path, () => page.locator(ready).first().waitFor());
      const listAt = sent.findIndex((r) => pathOf(r) === list);
      const chunkAt = sent.findIndex((r) => chunk.test(pathOf(r)));
      assert.ok(listAt >= 0, `${list} was requested`);
      assert.ok(chunkAt >= 0, `the page chunk was requested: ${sent.map(pathOf).join(' ')}`);
      assert.ok(listAt < chunkAt, `${list} (#${listAt}) before the page chunk (#${chunkAt}): ${sent.map(pathOf).join(' ')}`);
      // and once only: the page reuses the request the entry started
      assert.equal(sent.filter((r) => pathOf(r) === list).length, 1);
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  }

  test('scripts arrive brotli-compressed and immutable; the shell no-cache', async () => {
    const { context, page } = await newPage(browser);
    const scripts = [];
    page.on('response', (response) => {
      if (/\/assets\/.+\.js$/.test(new URL(response.url()).pathname)) scripts.push(response);
    });
    const shell = await page.goto(BASE + '/');
    await page.locator('.feed-list > article').first().waitFor();
    assert.equal((await shell.allHeaders())['cache-control'], 'no-cache');
    assert.ok(scripts.length > 3);
    for (const response of scripts) {
      const headers = await response.allHeaders();
      // files under 1 KiB are not precompressed (the headers would cost more than they save)
      if ((await response.body()).length >= 1024) assert.equal(headers['content-encoding'], 'br', response.url());
      else assert.equal(headers['content-encoding'], undefined, response.url());
      assert.match(headers['cache-control'], /immutable/);
      assert.match(headers['cache-control'], /max-age=31536000/);
    }
    await context.close();
  });

  test('the hotness chart shows the day and its hotness under the pointer', async () => {
    const res = await serverFetch(`${BASE}/api/v3/paper/list`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, label: [], sort: 'hot', time: null, size: 1 }),
    });
    const id = (await res.json()).data.list[0].paper_info.id;
    for (const [name, opts] of [['1280', {}], ['375', { viewport: PHONE }]]) {
      const { context, page } = await newPage(browser, opts);
      // The paper's own answer arrives well after its trend (as on a slow network): the chart must be drawn
      // once, with the paper's days, not first from the trend alone and again under the pointer.
      await page.route(`**/api/v3/paper/${id}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const paperAnswered = page.waitForResponse((response) => pathOf(response) === `/api/v3/paper/${id}`);
      await page.goto(`${BASE}/trends/${id}`);
      const over = page.locator('.trend-chart .u-over');
      await over.waitFor();
      const drawn = await over.elementHandle();
      const box = await over.boundingBox();
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
      const tip = page.locator('.trend-chart__tip');
      await tip.waitFor({ state: 'visible' });
      assert.match(await tip.innerText(), /^\d{4}-\d{2}-\d{2}\n热度：\d+$/);
      await paperAnswered;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.ok(await drawn.evaluate((el) => el.isConnected), 'the chart under the pointer is the one drawn first');
      assert.ok(await tip.isVisible(), 'the tip stays under the pointer');
      await shot(page, `trends-tooltip-${name}`);
      assert.deepEqual(page.errors, []);
      await context.close();
    }
  });
});
