// Tag filters widen (issue 8): a section's 全选 is a union, and an empty list always offers a way out
// (清除筛选, the engine's "did you mean", the hot words).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { api, BASE, launch, newPage, PHONE_CONTEXT, shot } from './browser.mjs';

const phone = PHONE_CONTEXT;
const HOT_TOPICS = ['llm', 'aigc', 'agent', 'multimodal', 'embodied', 'rag', 'ai_coding', 'open_models'];
const NOTHING = '量子猫zqxv';
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const total = (q, label) => api(`/v2/total?q=${encodeURIComponent(q)}${label.length ? `&label=${label.join(',')}` : ''}`);

/** Waits until the page's '共 N 条' shows n. */
async function totalShown(page, n) {
  await page.waitForFunction((want) => document.querySelector('.search-page__total')?.textContent === `共 ${want} 条`, n);
}

/** A tag whose hot stories of today are none: an empty filtered home feed, found in the data, not assumed. */
async function emptyTag() {
  for (const tag of ['hiring', 'policy', 'interview', 'funding', 'gnn', 'ai_safety', 'tutorial']) {
    const page = await api('/v1/story/list', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, label: [tag], sort: 'hot', time: 'day', size: 20 }),
    });
    if (page.list.length === 0) return tag;
  }
  throw new Error('no tag with an empty hot-today list in the demo data');
}

/** The zero-result search as the API will answer once it fills `did_you_mean` (null today). */
async function withDidYouMean(page, suggestion) {
  await page.route((url) => url.pathname === '/api/v2/search', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    if (body.data && body.data.list.length === 0) body.data.did_you_mean = suggestion;
    await route.fulfill({ response: res, json: body });
  });
}

describe('tag filters widen', () => {
  test('全选 of a section is a union: the count shown grows, as the API counts it', async () => {
    const { context, page } = await newPage(browser);
    const q = '模型';
    const none = await total(q, []);
    const one = await total(q, ['llm']);
    const all = await total(q, HOT_TOPICS);
    assert.ok(all.all > one.all, `the API ORs the tags (${one.all} with one tag, ${all.all} with the section)`);
    await page.goto(`${BASE}/search?q=${encodeURIComponent(q)}`);
    await totalShown(page, none.all);
    await page.locator('.side-nav').getByRole('button', { name: '大模型', exact: true }).click();
    await page.waitForURL(/label=llm$/);
    await totalShown(page, one.all);
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/v2/search?') && new URL(r.url()).searchParams.get('label')?.split(',').length === HOT_TOPICS.length),
      page.getByRole('checkbox', { name: '全选热门话题' }).check(),
    ]);
    assert.deepEqual(new URL(req.url()).searchParams.get('label').split(',').sort(), [...HOT_TOPICS].sort());
    await totalShown(page, all.all);
    assert.ok(all.all >= one.all);
    assert.equal(await page.locator('[data-tab="story"] .tab__count').textContent(), String(all.story));
    await page.locator('.feed-list article').first().waitFor();
    // the same union on the home feed: every story carries one of the section's tags
    await page.goto(`${BASE}/?label=${HOT_TOPICS.join(',')}`);
    await page.locator('.feed-list article').first().waitFor();
    assert.ok(await page.getByRole('checkbox', { name: '全选热门话题' }).isChecked());
    const tags = await page.$$eval('.feed-list article', (els) => els.map((e) => e.querySelector('.card-tag--on')?.textContent ?? null));
    assert.ok(tags.length > 0 && tags.every(Boolean), 'every story shows a selected tag first');
    // unticking 全选 removes the section's tags again
    await page.getByRole('checkbox', { name: '全选热门话题' }).uncheck();
    await page.waitForFunction(() => !new URL(location.href).searchParams.get('label'));
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

for (const [name, opts, suffix] of [['desktop 1280', {}, '1280'], ['phone 375', phone, '375']]) {
  describe(`empty lists offer a way out (${name})`, () => {
    test('an empty filtered feed offers 清除筛选, which brings the stories back', async () => {
      const tag = await emptyTag();
      const { context, page } = await newPage(browser, opts);
      await page.goto(`${BASE}/?label=${tag}&sort=hot&time=day`);
      const list = page.getByRole('region', { name: '专栏列表' });
      await list.getByText('暂无数据').waitFor();
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      await shot(page, `feed-empty-filtered-${suffix}`);
      await list.getByRole('button', { name: '清除筛选' }).click();
      await page.waitForURL(BASE + '/');
      await page.locator('.feed-list article').first().waitFor();
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('a search that finds nothing: did-you-mean, the hot words and 清除筛选', async () => {
      const { context, page } = await newPage(browser, opts);
      await withDidYouMean(page, '大模型');
      // the hot words this page received: other tests' searches keep changing the list during a run
      const hotwords = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/search/hotwords');
      await page.goto(`${BASE}/search?q=${encodeURIComponent(NOTHING)}&label=llm&sort=hot&time=week`);
      const list = page.getByRole('region', { name: '搜索结果' });
      await list.getByText('暂无数据').waitFor();
      await list.getByText('你是不是要找：').waitFor();
      const hot = list.getByRole('navigation', { name: '热门搜索' });
      await hot.getByRole('link').first().waitFor();
      const words = (await (await hotwords).json()).data.map((w) => w.source.content);
      assert.deepEqual(await hot.getByRole('link').allTextContents(), words.filter((w) => w !== NOTHING).slice(0, 8));
      assert.equal(await hot.getByRole('link').first().getAttribute('href'), `/search?q=${encodeURIComponent(words[0])}`);
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      await shot(page, `search-empty-${suffix}`, true);
      if (suffix === '1280') {
        const result = await new AxeBuilder({ page }).include('.list-wrapper').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
        assert.deepEqual(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);
      }
      // 清除筛选 keeps the query and drops the tags and the time range
      await list.getByRole('button', { name: '清除筛选' }).click();
      await page.waitForURL((u) => !u.searchParams.get('label') && !u.searchParams.get('time') && u.searchParams.get('q') === NOTHING);
      await list.getByText('暂无数据').waitFor();
      assert.equal(await list.getByRole('button', { name: '清除筛选' }).count(), 0, 'no filters left to clear');
      // the suggestion runs its search
      await Promise.all([page.waitForURL(/\/search\?q=/), list.locator('.nothing-found__dym').getByRole('link', { name: '大模型' }).click()]);
      assert.equal(new URL(page.url()).searchParams.get('q'), '大模型');
      await page.locator('.feed-list article').first().waitFor();
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  });
}
