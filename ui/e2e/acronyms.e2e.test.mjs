// /editor's 缩写 review (issue 36, item 3) in Debian's Chromium against the running stack (deploy/e2e.sh): the
// demo corpus defines acronyms (全称（缩写）), the indexer mined them when the stack was seeded, and the editor
// sees them listed with links to search each form, rejects one (it moves to 已拒绝), undoes it, and accepts
// and undoes another (the glossary gets the pair, then loses it). At 1280 and 375 px.
// Needs HUB_E2E_EDITOR / HUB_E2E_EDITOR_PASSWORD (skipped with a message otherwise).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE_CONTEXT, SHOTS, launch, newPage, shot, signIn } from './browser.mjs';

const EDITOR = process.env.HUB_E2E_EDITOR;
const EDITOR_PASSWORD = process.env.HUB_E2E_EDITOR_PASSWORD;
const SKIP = !EDITOR || !EDITOR_PASSWORD ? 'HUB_E2E_EDITOR and HUB_E2E_EDITOR_PASSWORD are not set: acronym review tests skipped' : false;
if (SKIP) console.log(`# ${SKIP}`);

let browser;
let editorState;

before(async () => {
  if (!SKIP) browser = await launch();
});
after(async () => {
  await browser?.close();
});

const section = (page) => page.locator('section', { has: page.getByRole('heading', { name: '缩写', exact: true }) });
const row = (page, abbreviation) => section(page).locator('li.acronym', { has: page.getByRole('link', { name: abbreviation, exact: true }) });

async function until(check, message) {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(message);
}

async function toastSays(page, text) {
  await page.locator('.toast', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

describe('acronym review on /editor', () => {
  test('the editor sees mined pairs, rejects, undoes, accepts and undoes', { skip: SKIP }, async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, EDITOR, EDITOR_PASSWORD, '/'); // a signed-out /editor goes straight to the provider
    editorState = await context.storageState();
    await page.goto(BASE + '/editor');
    const list = section(page).getByRole('list', { name: '缩写列表' });
    await list.waitFor({ timeout: 30_000 });
    const rlvr = row(page, 'RLVR');
    await rlvr.waitFor();
    assert.match(await rlvr.textContent(), /篇文档定义/);
    assert.equal(await rlvr.getByRole('link', { name: 'RLVR', exact: true }).getAttribute('href'), '/search?q=RLVR');
    await section(page).scrollIntoViewIfNeeded();
    await shot(page, 'acronyms-1280');
    await section(page).screenshot({ path: `${SHOTS}/acronyms-section-1280.png` });

    // 拒绝: the pair leaves 待审核 and is listed under 已拒绝, with who decided; 撤销 brings it back.
    await row(page, 'Sim2Real').getByRole('button', { name: '拒绝 Sim2Real' }).click();
    await toastSays(page, '已拒绝');
    await row(page, 'Sim2Real').waitFor({ state: 'detached' });
    await section(page).getByRole('tab', { name: '已拒绝' }).click();
    const rejected = row(page, 'Sim2Real');
    await rejected.waitFor();
    assert.match(await rejected.textContent(), /决定/);
    await rejected.getByRole('button', { name: '撤销 Sim2Real' }).click();
    await toastSays(page, '已撤销');
    await section(page).getByText('没有已拒绝的缩写').waitFor();

    // 采纳 writes the pair into the glossary shown below; 撤销 takes it out again.
    await section(page).getByRole('tab', { name: '待审核' }).click();
    await row(page, 'RLVR').getByRole('button', { name: '采纳 RLVR' }).click();
    await toastSays(page, '已采纳');
    const glossary = page.getByRole('textbox', { name: '同义词表' });
    await until(async () => /RLVR/.test(await glossary.inputValue()), 'the glossary shows the accepted pair');
    // written into the group holding its full name (data/search/glossary.txt has one since 2026-11-27)
    assert.match(await glossary.inputValue(), /基于可验证奖励的强化学习[^\n]*, RLVR\n/);
    await section(page).getByRole('tab', { name: '已采纳' }).click();
    const accepted = row(page, 'RLVR');
    await accepted.waitFor();
    assert.match(await accepted.textContent(), /已在同义词表/);
    await accepted.getByRole('button', { name: '撤销 RLVR' }).click();
    await toastSays(page, '已撤销');
    await until(async () => !/RLVR/.test(await glossary.inputValue()), 'undo takes the pair out of the glossary');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a search link opens the search for that form', { skip: SKIP }, async () => {
    assert.ok(editorState, 'signed in by the previous test');
    const { context, page } = await newPage(browser, { storageState: editorState });
    await page.goto(BASE + '/editor');
    await row(page, 'Rerank').getByRole('link', { name: '重排序' }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === '重排序');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('at 375 px the section fits the screen', { skip: SKIP }, async () => {
    assert.ok(editorState, 'signed in by an earlier test');
    const { context, page } = await newPage(browser, { storageState: editorState, ...PHONE_CONTEXT });
    await page.goto(BASE + '/editor');
    await row(page, 'RLVR').waitFor({ timeout: 30_000 });
    await section(page).scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    const box = await row(page, 'RLVR').getByRole('button', { name: '采纳 RLVR' }).boundingBox();
    assert.ok(box && box.x + box.width <= 375, 'the buttons stay on the screen');
    await shot(page, 'acronyms-375');
    await section(page).screenshot({ path: `${SHOTS}/acronyms-section-375.png` });
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});
