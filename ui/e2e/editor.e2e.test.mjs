// The editors' page (issue 10) in Debian's Chromium against the running stack (deploy/e2e.sh: gunicorn,
// the Celery worker, the real sign-in provider). The editor signs in, opens the page from the avatar
// menu, starts a full reindex and watches the worker's progress reach 100%.
// Needs HUB_E2E_EDITOR / HUB_E2E_EDITOR_PASSWORD (skipped with a message otherwise).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE, PHONE_UA, SHOTS, launch, newPage, shot, signIn } from './browser.mjs';

const EDITOR = process.env.HUB_E2E_EDITOR;
const EDITOR_PASSWORD = process.env.HUB_E2E_EDITOR_PASSWORD;
const SKIP = !EDITOR || !EDITOR_PASSWORD ? 'HUB_E2E_EDITOR and HUB_E2E_EDITOR_PASSWORD are not set: editors page tests skipped' : false;
if (SKIP) console.log(`# ${SKIP}`);

let browser;
let editorState;

before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('editors page', () => {
  test('signed out, /editor goes to the sign-in', { skip: SKIP }, async () => {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/editor');
    await page.locator('#username').waitFor({ timeout: 30_000 });
    await context.close();
  });

  test('the editor starts a full reindex and watches its progress reach 100%', { skip: SKIP }, async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, EDITOR, EDITOR_PASSWORD, '/');
    editorState = await context.storageState();
    await page.locator('.user-chip').hover();
    const entry = page.getByRole('menuitem', { name: '编辑工作台' });
    await entry.waitFor();
    await entry.click();
    await page.waitForURL((u) => u.pathname === '/editor');
    await page.getByRole('heading', { name: '索引任务' }).waitFor();

    const start = page.getByRole('button', { name: '重建全部索引' });
    await start.waitFor();
    // A reindex left running by an earlier run of this suite would block the button; wait for it.
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === '重建全部索引');
      return button && !button.disabled;
    }, null, { timeout: 120_000 });
    // The newest job's id, if there is one (asked without waiting: a locator with no match waits its whole timeout).
    const before = (await page.locator('.job').count()) ? await page.locator('.job').first().getAttribute('data-job-id') : null;
    await start.click();
    await page.locator('.toast', { hasText: '任务已开始' }).first().waitFor({ timeout: 10_000 });

    // The new job is the first row; follow its bar as the page polls.
    const row = page.locator('.job').first();
    await page.waitForFunction((old) => {
      const first = document.querySelector('.job');
      return first && first.getAttribute('data-job-id') !== old;
    }, before, { timeout: 10_000 });
    const id = await row.getAttribute('data-job-id');
    const bar = row.getByRole('progressbar');
    const seen = new Set();
    const deadline = Date.now() + 180_000;
    let state = '';
    while (Date.now() < deadline) {
      state = await row.getAttribute('data-state');
      seen.add(Number(await bar.getAttribute('aria-valuenow')));
      if (state === 'done' || state === 'failed' || state === 'cancelled') break;
      if (seen.size === 2) await shot(page, 'editor-running-1280');
      await page.waitForTimeout(200);
    }
    assert.equal(state, 'done', `job #${id} ended ${state}`);
    assert.equal(await row.getAttribute('data-job-id'), id);
    assert.equal(await bar.getAttribute('aria-valuenow'), '100');
    assert.equal(await row.locator('.job__percent').textContent(), '100%');
    assert.equal(await row.locator('.job__state').textContent(), '已完成');
    const [done, total] = (await row.locator('.job__count').textContent()).split('/').map(Number);
    assert.ok(total > 500 && done === total, `done/total ${done}/${total}`);
    assert.ok([...seen].some((p) => p < 100), `the page showed the job before it finished: ${[...seen]}`);
    // The figures while it ran, then the finished bar.
    assert.ok((await row.locator('dd').nth(2).textContent()).endsWith('条/秒'));
    await page.getByRole('heading', { name: '被搁置的文档' }).waitFor();
    await page.getByRole('textbox', { name: '同义词表' }).waitFor();
    assert.match(await page.getByRole('textbox', { name: '同义词表' }).inputValue(), /大模型/);
    await shot(page, 'editor-1280', true);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('at 375 px the page fits the screen', { skip: SKIP }, async () => {
    assert.ok(editorState, 'signed in by the previous test');
    const { context, page } = await newPage(browser, { storageState: editorState, viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    await page.goto(BASE + '/editor');
    await page.locator('.job').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await shot(page, 'editor-375', true);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('at 375 px a failing source shows its failure reasons whole', { skip: SKIP }, async () => {
    assert.ok(editorState, 'signed in by an earlier test');
    const { context, page } = await newPage(browser, { storageState: editorState, viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    await page.goto(BASE + '/editor');
    // The stack's RSS source points at a port nothing listens on (deploy/test-stack.sh): run it now.
    const row = page.locator('li.source[data-source="stories"]');
    await row.getByRole('button', { name: '立即抓取' }).click();
    await page.locator('.toast').first().waitFor({ timeout: 10_000 });
    const failure = row.locator('.source__failure').first();
    for (let i = 0; i < 60 && !(await failure.count()); i += 1) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await failure.waitFor();
    assert.match(await failure.textContent(), /e2e-unreachable-feed\.xml/);
    // Long reasons wrap instead of being cut off after a few lines, and the page stays 375 px wide.
    const clipped = await row.locator('.source__failure').evaluateAll((items) => items.filter((li) => li.scrollHeight > li.clientHeight + 1).length);
    assert.equal(clipped, 0, 'no failure reason is cut off');
    const box = await failure.boundingBox();
    assert.ok(box.height > 40, `the reason wraps over several lines (${box.height}px)`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await row.screenshot({ path: `${SHOTS}/editor-source-failures-375.png` });
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});
