// Issue 34, item 3 in Debian's Chromium, against the running stack seeded with the demo corpus: a paper's
// 代码 (the repositories its arXiv comment links, most stars first, each opening its page on the hub with
// GitHub one link away) and a project's 论文 (the papers its README cites), at 1280 and 375 px; a paper
// without code shows no block; a project card opens the project's page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, BASE, launch, newPage, PHONE_CONTEXT, shot } from './browser.mjs';

// Demo papers (data/demo/generate.py PAPER_COMMENTS, PROJECT_READMES).
const TWO_REPOS = '2609.01632'; // its comment links hiyouga/LLaMA-Factory and huggingface/peft
const BOTH_WAYS = '2609.21889'; // links aurora-ai/tiny-llm, whose README cites it back
const NO_CODE = '2609.13280';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The page's width fits the viewport: nothing runs past the right edge. */
async function fitsWidth(page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client, `the page is ${scroll}px wide in a ${client}px viewport`);
}

describe('code and papers linked both ways', () => {
  test('1280 px: a paper lists its code, a repository opens its project page, which lists the paper', async () => {
    const paper = await api(`/v3/paper/${TWO_REPOS}`);
    assert.deepEqual(paper.code.map((c) => c.repo), ['hiyouga/LLaMA-Factory', 'huggingface/peft'], 'the API answers both, most stars first');
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE}/paper/${paper.id}`);
    const block = page.getByRole('region', { name: '代码' });
    await block.waitFor();
    const rows = block.getByRole('listitem');
    assert.equal(await rows.count(), 2);
    assert.equal((await rows.first().getByRole('link').first().textContent()).trim(), 'hiyouga/LLaMA-Factory');
    const github = rows.first().getByRole('link', { name: 'hiyouga/LLaMA-Factory 在 GitHub' });
    assert.equal(await github.getAttribute('href'), 'https://github.com/hiyouga/LLaMA-Factory');
    assert.equal(await github.getAttribute('target'), '_blank');
    assert.match(await rows.first().textContent(), /Python/);
    await block.scrollIntoViewIfNeeded();
    await shot(page, 'code-links-paper-1280');

    await rows.nth(1).getByRole('link', { name: 'huggingface/peft', exact: true }).click();
    await page.waitForURL(`${BASE}/projects/${paper.code[1].id}`);
    await page.getByRole('heading', { level: 1, name: 'huggingface/peft' }).waitFor();
    const papers = page.getByRole('region', { name: '论文' });
    await papers.waitFor();
    const title = paper.title_cn || paper.title;
    await shot(page, 'code-links-project-1280');
    await papers.getByRole('link', { name: title }).click();
    await page.waitForURL(`${BASE}/paper/${paper.id}`);
    await page.getByRole('region', { name: '代码' }).waitFor();
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('1280 px: a paper without code shows no block; a project card opens its page on the hub', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE}/paper/${NO_CODE}`);
    await page.getByRole('heading', { level: 2, name: 'Abstract' }).waitFor();
    assert.equal(await page.getByRole('region', { name: '代码' }).count(), 0);

    await page.goto(`${BASE}/projects`);
    const card = page.locator('.project-card').first();
    await card.waitFor();
    const href = await card.locator('.card-title a').first().getAttribute('href');
    assert.match(href, /^\/projects\/\d+$/);
    assert.match(await card.locator('.project-card__github').getAttribute('href'), /^https:\/\/github\.com\//);
    await shot(page, 'code-links-project-cards-1280');
    await card.locator('.card-title a').first().click();
    await page.waitForURL(`${BASE}${href}`);
    await page.locator('.project-page h1').waitFor();
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('375 px: the paper\'s 代码 and the project\'s 论文 fit a phone', async () => {
    const paper = await api(`/v3/paper/${BOTH_WAYS}`);
    assert.deepEqual(paper.code.map((c) => c.repo), ['aurora-ai/tiny-llm'], 'linked both ways, shown once');
    const { context, page } = await newPage(browser, PHONE_CONTEXT);
    await page.goto(`${BASE}/paper/${paper.id}`);
    const block = page.getByRole('region', { name: '代码' });
    await block.waitFor();
    assert.equal(await block.getByRole('listitem').count(), 1);
    await block.scrollIntoViewIfNeeded();
    await fitsWidth(page);
    await shot(page, 'code-links-paper-375');

    await block.getByRole('link', { name: 'aurora-ai/tiny-llm', exact: true }).click();
    await page.waitForURL(`${BASE}/projects/${paper.code[0].id}`);
    const papers = page.getByRole('region', { name: '论文' });
    await papers.waitFor();
    assert.equal(await papers.getByRole('link', { name: paper.title_cn || paper.title }).count(), 1);
    await fitsWidth(page);
    await shot(page, 'code-links-project-375', true);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});
