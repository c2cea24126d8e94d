// Feed cards on a 375 px phone (issue 33, Low): each card's stats row stays on one line on every feed
// page with one (event cards have none) and in search results, and nothing in it runs past the card.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, PHONE_CONTEXT, shot } from './browser.mjs';

const phone = PHONE_CONTEXT;
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Per card: the stats row's height against one line of its text, and whether it runs past the card. */
const measure = (page) =>
  page.$$eval('article.card', (cards) =>
    cards.map((card) => {
      const stats = card.querySelector('.card-stats');
      if (!stats) return null;
      const line = parseFloat(getComputedStyle(stats).lineHeight) || parseFloat(getComputedStyle(stats).fontSize) * 1.5;
      const box = stats.getBoundingClientRect();
      const frame = card.getBoundingClientRect();
      const children = [...stats.children].map((child) => child.getBoundingClientRect());
      // Items of one row share a middle (icons and text differ in height by a few pixels); a wrapped item
      // sits a whole line lower.
      const middles = children.filter((r) => r.width > 0).map((r) => (r.top + r.bottom) / 2);
      const wrapped = middles.some((m) => Math.abs(m - middles[0]) > line / 2);
      return {
        id: card.getAttribute('data-id'), rows: wrapped ? 2 : 1, tall: box.height > line * 1.6,
        past: box.right > frame.right + 0.5 || children.some((r) => r.right > frame.right + 0.5),
      };
    }).filter(Boolean));

for (const [path, name] of [['/', 'home'], ['/papers', 'papers'], ['/projects', 'projects'], ['/search?q=%E6%A8%A1%E5%9E%8B', 'search']]) {
  test(`375 px ${name}: every card's stats row is one line inside the card`, async () => {
    const { context, page } = await newPage(browser, phone);
    await page.goto(BASE + path);
    await page.locator('article.card .card-stats').first().waitFor();
    const rows = await measure(page);
    assert.ok(rows.length > 0, 'cards with stats');
    const bad = rows.filter((r) => r.rows > 1 || r.tall || r.past);
    await shot(page, `cards-${name}-375`);
    assert.deepEqual(bad, [], `${name}: stats rows that wrap or overflow`);
    await context.close();
  });
}
