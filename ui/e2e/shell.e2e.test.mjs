// The page shell in Chromium: the guided tour and the upgrade guide, the footer on desktop and a
// 375 px phone, the server-rendered head (no JavaScript), 404 for unknown paths, the demo pictures,
// and the tracking beacons (intercepted with page.route and decoded).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, PHONE_CONTEXT, serverFetch, shot, waitFor } from './browser.mjs';

const phone = PHONE_CONTEXT;
const DAY = 24 * 60 * 60 * 1000;
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The head's meta tags by name or property, read from HTML text (as a chat app's link preview does). */
function metaOf(html) {
  const meta = {};
  for (const [, attr, value] of html.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"/g)) meta[attr] = value;
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return { meta, title };
}

const unescape = (text) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&#34;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');

describe('guides', () => {
  test('the tour walks step by step on a first visit, then the upgrade guide stays dismissed for 14 days', async () => {
    const { context, page } = await newPage(browser, { guides: true });
    await page.goto(BASE + '/');
    const bubble = page.locator('.tour__bubble');
    await bubble.waitFor();
    assert.equal(Math.round((await bubble.boundingBox()).width), 342);
    const shadow = await page.locator('.tour__spot').evaluate((el) => getComputedStyle(el).boxShadow);
    assert.match(shadow, /rgba\(0, 0, 0, 0\.5\)/);
    await shot(page, 'shell-tour-desktop');
    const count = await page.locator('.tour__count').textContent();
    const total = Number(count.split('/')[1]);
    assert.equal(count, `1/${total}`);
    assert.ok(total >= 4, `a step for each part of the home page, got ${total}`);
    const seen = [];
    for (let step = 1; step <= total; step += 1) {
      assert.equal(await page.locator('.tour__count').textContent(), `${step}/${total}`);
      seen.push(await page.locator('.tour__title').textContent());
      // the keyboard drives it: the primary button has the focus
      const primary = page.locator('.tour__btn--primary');
      assert.equal(await primary.evaluate((el) => el === document.activeElement), true);
      assert.equal(await primary.textContent(), step === total ? '完成' : '下一步');
      await page.keyboard.press('Enter');
    }
    assert.deepEqual(seen.slice(0, 3), ['搜索', '栏目导航', '话题标签']);
    await page.locator('.tour').waitFor({ state: 'detached' });
    assert.ok(Number(await page.evaluate(() => localStorage.getItem('hub:tour'))) > 0, 'the tour is remembered');

    // the next page load of the same visit: neither guide (one onboarding at a time)
    await page.reload();
    await page.locator('.filters-bar').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.guide === 'none');
    assert.equal(await page.getByRole('dialog', { name: '社区全新升级' }).count(), 0);

    // the next visit (a new session): no tour, the upgrade guide instead; dismissed, it stays away
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const guide = page.getByRole('dialog', { name: '社区全新升级' });
    await guide.waitFor();
    assert.equal(await page.locator('.tour').count(), 0);
    await shot(page, 'shell-upgrade-guide');
    await page.getByRole('button', { name: '我知道了' }).click();
    await guide.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.filters-bar').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.guide === 'none');
    assert.equal(await guide.count(), 0);

    // 13 days later still dismissed; 15 days later it shows again
    await page.evaluate((at) => localStorage.setItem('hub:upgrade-guide-dismissed', String(at)), Date.now() - 13 * DAY);
    await page.reload();
    await page.locator('.filters-bar').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.guide === 'none');
    assert.equal(await guide.count(), 0);
    await page.evaluate((at) => localStorage.setItem('hub:upgrade-guide-dismissed', String(at)), Date.now() - 15 * DAY);
    await page.reload();
    await guide.waitFor();
    await page.keyboard.press('Escape');
    await guide.waitFor({ state: 'detached' });
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('on a 375 px phone the tour fits the screen and Escape ends it for good', async () => {
    const { context, page } = await newPage(browser, { ...phone, guides: true });
    await page.goto(BASE + '/');
    const bubble = page.locator('.tour__bubble');
    await bubble.waitFor();
    const box = await bubble.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `bubble inside the screen: ${JSON.stringify(box)}`);
    await shot(page, 'shell-tour-phone');
    await page.keyboard.press('Escape');
    await page.locator('.tour').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.filters-bar').waitFor();
    // decided (a later visit may get the upgrade guide), and not the tour again
    await page.waitForFunction(() => Boolean(document.documentElement.dataset.guide));
    assert.notEqual(await page.evaluate(() => document.documentElement.dataset.guide), 'tour');
    assert.equal(await page.locator('.tour').count(), 0);
    await context.close();
  });
});

describe('keyboard', () => {
  test('the first Tab reaches 跳到正文, which moves the focus past the header to the page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/papers');
    await page.locator('.feed-list > article').first().waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), '跳到正文');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    await context.close();
  });
});

describe('footer', () => {
  const site = async () => (await (await serverFetch(BASE + '/api/v1/site')).json()).data;

  for (const [name, opts] of [['desktop', {}], ['phone', phone]]) {
    test(`the footer on the home page and a story page (${name})`, async () => {
      const facts = await site();
      const { context, page } = await newPage(browser, opts);
      for (const path of ['/', '/view/1', '/rankings']) {
        await page.goto(BASE + path);
        const footer = page.getByRole('contentinfo', { name: '页脚' });
        await footer.scrollIntoViewIfNeeded();
        assert.equal(await footer.isVisible(), true, `footer visible on ${path}`);
        const text = await footer.textContent();
        for (const value of [facts.phone, facts.email, facts.icp, '社区规范', '加入社群']) assert.ok(text.includes(value), `${value} on ${path}`);
        assert.equal(await footer.getByRole('link', { name: '社区规范' }).getAttribute('href'), facts.guidelines_url);
        assert.equal(await footer.locator('svg.site-footer__qr').count(), 1);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= (opts.viewport?.width ?? 1280), `${path} is not wider than the screen: ${wide}`);
      }
      await shot(page, `shell-footer-${name}`);
      await context.close();
    });
  }
});

describe('server-rendered head', () => {
  test('a story page names the story without JavaScript; the client keeps the head in step', async () => {
    const response = await serverFetch(BASE + '/view/1');
    assert.equal(response.status, 200);
    const { meta, title } = metaOf(await response.text());
    const story = (await (await serverFetch(BASE + '/api/v1/stories/1')).json()).data;
    assert.equal(unescape(title), `${story.title} - AI 社区`);
    assert.equal(unescape(meta['og:title']), story.title);
    assert.equal(meta['og:type'], 'article');
    assert.ok(meta['og:image'].endsWith(story.cover_url), meta['og:image']);
    assert.ok(unescape(meta['og:description']).startsWith(story.summary.slice(0, 20)));

    const hostile = metaOf(await (await serverFetch(BASE + '/view/9001')).text());
    assert.ok(unescape(hostile.title).includes('<script>alert(1)</script>'));
    assert.ok(!hostile.title.includes('<script>'));

    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/view/1');
    await page.locator('.story-page__title').waitFor();
    await page.getByRole('link', { name: /AI 社区 首页/ }).first().click();
    await page.waitForURL(BASE + '/');
    await page.waitForFunction(() => document.title === 'AI 社区');
    assert.equal(await page.locator('meta[property="og:image"]').count(), 0);
    await context.close();
  });

  test('every public page says in the browser what its first HTML said (title, og:title, description)', async () => {
    // A chat app's card comes from the first HTML, WeChat's in-app card from the live head: they must agree.
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/papers');
    const paper = await page.locator('a[href^="/paper/"]').first().getAttribute('href');
    const paths = ['/', '/events', '/papers', '/projects', '/rankings', '/browse', '/link', '/search?q=%E5%A4%A7%E6%A8%A1%E5%9E%8B', '/view/1', paper];
    for (const path of paths) {
      const first = metaOf(await (await serverFetch(BASE + path)).text());
      await page.goto(BASE + path);
      await page.waitForLoadState('networkidle');
      const live = await page.evaluate(() => ({
        title: document.title,
        ogTitle: document.querySelector('meta[property="og:title"]')?.content,
        description: document.querySelector('meta[property="og:description"]')?.content,
      }));
      assert.deepEqual(
        live,
        { title: unescape(first.title), ogTitle: unescape(first.meta['og:title']), description: unescape(first.meta['og:description']) },
        path,
      );
    }
    await context.close();
  });

  test('unknown paths answer HTTP 404 with the 404 page', async () => {
    for (const path of ['/no/such/page', '/view/987654321']) {
      const response = await serverFetch(BASE + path);
      assert.equal(response.status, 404, path);
    }
    const { context, page } = await newPage(browser);
    const response = await page.goto(BASE + '/no/such/page');
    assert.equal(response.status(), 404);
    await page.getByText('This page could not be found').waitFor();
    await context.close();
  });
});

describe('demo pictures', () => {
  test('covers and avatars are the shipped pictures, loaded and varied', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/');
    await page.locator('.feed-list img[src*="/media/demo/"]').first().waitFor();
    await page.waitForFunction(() => {
      const shown = Array.from(document.images).filter((img) => img.src.includes('/media/demo/') && img.getBoundingClientRect().top < window.innerHeight);
      return shown.length >= 3 && shown.every((img) => img.complete);
    });
    const pictures = await page.$$eval('img', (imgs) => imgs
      .filter((img) => img.src.includes('/media/demo/') && img.getBoundingClientRect().top < window.innerHeight)
      .map((img) => ({ src: img.src, width: img.naturalWidth })));
    assert.ok(pictures.every((p) => p.width > 0), JSON.stringify(pictures));
    assert.ok(new Set(pictures.map((p) => p.src)).size >= 3, JSON.stringify(pictures));
    assert.ok(pictures.some((p) => p.src.includes('x-oss-process=image/resize')), 'through the image-proxy rule');
    await shot(page, 'shell-demo-pictures');
    await context.close();
  });
});

describe('tracking beacons', () => {
  test('exposure, click and duration beacons reach the tracking endpoint, base64 encoded', async () => {
    const { context, page } = await newPage(browser);
    const beacons = [];
    const answers = [];
    await page.route('**/api/v1/track', async (route) => {
      const body = route.request().postData() ?? '';
      const lines = body.split('\n').filter(Boolean);
      for (const line of lines) beacons.push(JSON.parse(Buffer.from(line, 'base64').toString('utf8')));
      // the batch goes on to the server, which must take every line
      const response = await route.fetch();
      answers.push({ lines: lines.length, status: response.status(), body: await response.json() });
      await route.fulfill({ response });
    });
    await page.goto(BASE + '/');
    const firstCard = page.locator('.feed-list > article').first();
    await firstCard.waitFor();
    const storyId = Number(await firstCard.getAttribute('data-id'));
    // open the first story (a new tab), then flush what is queued as a page being left would
    const [popup] = await Promise.all([context.waitForEvent('page'), firstCard.locator('a[href^="/view/"]').first().click()]);
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await page.waitForFunction(() => true);
    await waitFor(() => beacons.some((b) => b.event === 'click'));
    const exposure = beacons.filter((b) => b.event === 'exposure');
    assert.ok(exposure.length >= 2, `exposure beacons: ${exposure.length}`);
    assert.ok(exposure.some((b) => b.story_ids.includes(storyId)));
    const click = beacons.find((b) => b.event === 'click');
    assert.deepEqual(
      { module: click.module_code, action: click.action_code, ids: click.story_ids },
      { module: 'feed', action: 'open', ids: [storyId] },
    );
    for (const b of [...exposure, click]) {
      assert.equal(b.page_code, 'home');
      assert.equal(new URL(b.page.url).pathname, '/');
      assert.match(b.visitor_id, /^[0-9a-f-]{36}$/);
      assert.ok(b.page_id && b.device.screen === '1280x860' && b.user_id === null);
    }
    for (const answer of answers) {
      assert.deepEqual({ status: answer.status, data: answer.body.data }, { status: 200, data: { accepted: answer.lines, dropped: 0 } });
    }
    assert.equal(new Set(beacons.map((b) => b.page_id)).size, 1);

    // duration: time on a story page, sent when the visitor leaves it
    await popup.close();
    beacons.length = 0;
    await page.goto(BASE + '/view/1');
    await page.locator('.story-page__title').waitFor();
    await page.waitForTimeout(300);
    await page.getByRole('link', { name: /AI 社区 首页/ }).first().click();
    await page.waitForURL(BASE + '/');
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => beacons.some((b) => b.event === 'duration'));
    const duration = beacons.find((b) => b.event === 'duration');
    assert.deepEqual(duration.story_ids, [1]);
    assert.ok(duration.duration_ms >= 300, `duration ${duration.duration_ms} ms`);
    assert.deepEqual(page.errors, []);
    // A batch still in flight when the page closes (the last pagehide's) would have its answer read from
    // a disposed response after the test ended: stop intercepting first, without waiting on it.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

