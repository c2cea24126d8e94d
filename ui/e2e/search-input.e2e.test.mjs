// The search box keeps what people type (issue 8): a real IME composition driven through the Chrome
// DevTools Protocol, mid-string edits, and fast typing while suggestions load, on desktop and in the
// phone overlay.
import { after, before, describe, test } from 'node:test';
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

/** Pinyin d → da → damo → damoxing, each step shown as composition text, then 大模型 committed. */
const PINYIN = ['d', 'da', 'damo', 'damoxing'];

/** Drives an IME composition in the focused element as Chromium's input methods do. `pause` is the
 * time each composition step stays on screen (long enough for the suggestion debounce to pass). */
async function compose(page, steps, commit, pause = 60) {
  const cdp = await page.context().newCDPSession(page);
  for (const text of steps) {
    await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
    await page.waitForTimeout(pause);
  }
  await cdp.send('Input.insertText', { text: commit });
  await cdp.detach();
}

/** Every q the page asks title suggestions for. */
function suggestionQueries(page) {
  const seen = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/v2/search/stories_title') seen.push(url.searchParams.get('q'));
  });
  return seen;
}

/** Opens the page and returns the search input: the header's on desktop, the overlay's on a phone. */
async function openSearch(page, mobile) {
  await page.goto(BASE + '/');
  await page.locator('.feed-list article').first().waitFor();
  if (!mobile) {
    const input = page.locator('.site-header__search').getByRole('combobox', { name: '搜索' });
    await input.click();
    return input;
  }
  await page.getByRole('button', { name: '搜索' }).first().click();
  const input = page.getByRole('dialog', { name: '搜索' }).getByRole('combobox');
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  return input;
}

/** The first suggested row labelled with the kind `label` (用户, 活动…). */
function suggestionOfKind(page, label) {
  return page.locator('[role="option"]', { has: page.locator('.search-row__kind', { hasText: label }) }).first();
}

/** Choose `option` as a keyboard user does (↓ to it, Enter) and wait for the page it opens (`url`). */
async function chooseByKeyboard(page, option, url) {
  const index = await option.evaluate((li) => [...li.parentElement.querySelectorAll('[role="option"]')].indexOf(li));
  for (let i = 0; i <= index; i += 1) await page.keyboard.press('ArrowDown');
  await Promise.all([page.waitForURL(url), page.keyboard.press('Enter')]);
}

/** Type `typed` into the open search box, wait for suggestions marking `marked`, and count the marks. */
async function marksInSuggestions(page, typed, marked) {
  await page.keyboard.type(typed, { delay: 30 });
  const marks = page.locator('[role="option"] em', { hasText: marked });
  await marks.first().waitFor();
  return marks.count();
}

async function searchWithEnter(page) {
  await Promise.all([page.waitForURL(/\/search\?q=/), page.keyboard.press('Enter')]);
  return new URL(page.url()).searchParams.get('q');
}

for (const [name, opts, mobile] of [['desktop 1280', {}, false], ['phone overlay 375', phone, true]]) {
  describe(`search box keeps the typed text (${name})`, () => {
    test('a pinyin composition d → da → damo → damoxing committing 大模型 gives exactly 大模型', async () => {
      const { context, page } = await newPage(browser, opts);
      const asked = suggestionQueries(page);
      const input = await openSearch(page, mobile);
      // The same sequence in a plain input first: the reference the search box must match.
      await page.evaluate(() => {
        const plain = document.createElement('input');
        plain.id = 'plain-ime-reference';
        document.body.append(plain);
        plain.focus();
      });
      await compose(page, PINYIN, '大模型');
      assert.equal(await page.locator('#plain-ime-reference').inputValue(), '大模型', 'the CDP sequence itself');
      await page.evaluate(() => document.getElementById('plain-ime-reference').remove());

      await input.focus();
      const cdp = await page.context().newCDPSession(page);
      for (const text of PINYIN) {
        await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
        // while composing the box shows the composition text, nothing else
        await page.waitForTimeout(80);
        assert.equal(await input.inputValue(), text, `composing ${text}`);
      }
      // stay composing past the suggestion debounce: pinyin is never sent for suggestions
      await page.waitForTimeout(700);
      assert.deepEqual(asked, [], 'no suggestions asked while composing');
      assert.equal(await page.locator('[role="option"]', { hasText: 'damo' }).count(), 0, 'no row offers the pinyin');
      await cdp.send('Input.insertText', { text: '大模型' });
      await cdp.detach();
      assert.equal(await input.inputValue(), '大模型');
      // after the commit, suggestions for the committed text only
      await page.locator('[role="option"] em').first().waitFor();
      assert.deepEqual([...new Set(asked)], ['大模型']);
      assert.equal(await input.inputValue(), '大模型');
      const q = await searchWithEnter(page);
      assert.equal(q, '大模型', 'the search that runs');
      await page.locator('.search-page__q').waitFor();
      assert.equal(await page.locator('.search-page__q').textContent(), '大模型');
      if (!mobile) {
        assert.equal(await page.locator('.site-header__search').getByRole('combobox').inputValue(), '大模型', 'the box on the results page');
      }
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('a mid-string edit keeps the caret where the user put it: abcdef, ← ×3, XY → abcXYdef', async () => {
      const { context, page } = await newPage(browser, opts);
      const input = await openSearch(page, mobile);
      await page.keyboard.type('abcdef', { delay: 40 });
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
      await page.keyboard.type('XY', { delay: 40 });
      assert.equal(await input.inputValue(), 'abcXYdef');
      assert.deepEqual(await input.evaluate((el) => [el.selectionStart, el.selectionEnd]), [5, 5], 'caret after XY');
      // suggestions arrive meanwhile; the caret does not move
      await page.waitForTimeout(600);
      await page.keyboard.type('Z');
      assert.equal(await input.inputValue(), 'abcXYZdef');
      // a composition in the middle of the text too
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.imeSetComposition', { text: 'mo', selectionStart: 2, selectionEnd: 2 });
      await page.waitForTimeout(80);
      assert.equal(await input.inputValue(), 'abcXYZmodef');
      await cdp.send('Input.insertText', { text: '模' });
      await cdp.detach();
      assert.equal(await input.inputValue(), 'abcXYZ模def');
      assert.deepEqual(await input.evaluate((el) => [el.selectionStart, el.selectionEnd]), [7, 7]);
      assert.equal(await searchWithEnter(page), 'abcXYZ模def');
      await context.close();
    });

    test('typing GPT-4 多模态 at 20 ms per key while suggestions load loses nothing', async () => {
      const { context, page } = await newPage(browser, opts);
      // a busy page: suggestions answer slowly and the CPU is throttled
      await page.route('**/api/v2/search/stories_title**', async (route) => {
        await new Promise((r) => setTimeout(r, 300));
        await route.continue();
      });
      const input = await openSearch(page, mobile);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const asked = suggestionQueries(page);
      await page.keyboard.type('GPT', { delay: 20 });
      // let a suggestion request start, then keep typing while it loads
      await page.waitForRequest((r) => r.url().includes('/api/v2/search/stories_title'));
      await page.keyboard.type('-4 ', { delay: 20 });
      for (const ch of '多模态') {
        await cdp.send('Input.insertText', { text: ch });
        await page.waitForTimeout(20);
      }
      assert.ok(asked.length >= 1);
      assert.equal(await input.inputValue(), 'GPT-4 多模态');
      const q = await searchWithEnter(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
      assert.equal(q, 'GPT-4 多模态');
      await context.close();
    });
  });
}

// Issue 36: suggestions of every kind name their kind; 搜索语法 explains the operators; the results page
// says how many it found and how long it took, and an operator it cannot read is help beside results.
for (const [name, opts, mobile, width] of [['desktop 1280', {}, false, 1280], ['phone overlay 375', phone, true, 375]]) {
  describe(`suggestions of every kind and the search syntax (${name})`, () => {
    test('a pinyin prefix suggests people, projects and more, each with its kind; Enter on a person opens their page', async () => {
      const { context, page } = await newPage(browser, opts);
      await openSearch(page, mobile);
      await page.keyboard.type('lin', { delay: 30 });
      await page.locator('[role="option"] .search-row__kind').first().waitFor();
      const kinds = await page.locator('[role="option"] .search-row__kind').allTextContents();
      assert.ok(kinds.includes('用户'), `kinds shown: ${kinds}`);
      assert.ok(new Set(kinds).size >= 2, `more than one kind: ${kinds}`);
      await shot(page, `search-suggest-kinds-${width}`);
      await chooseByKeyboard(page, suggestionOfKind(page, '用户'), /\/users\/\d+$/);
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('an event is suggested by its name with the kind 活动, and Enter on it opens the event', async () => {
      const { context, page } = await newPage(browser, opts);
      await openSearch(page, mobile);
      await page.keyboard.type('多模态大', { delay: 30 });
      const event = suggestionOfKind(page, '活动');
      await event.waitFor();
      assert.match(await event.textContent(), /多模态大模型 Meetup/);
      await shot(page, `search-suggest-event-${width}`);
      await chooseByKeyboard(page, event, /\/activities\/\d+$/);
      await page.getByRole('heading', { name: /多模态大模型 Meetup/ }).first().waitFor();
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('an acronym the papers never write (VQ) suggests the titles naming it, marked: 向量量化', async () => {
      const { context, page } = await newPage(browser, opts);
      await openSearch(page, mobile);
      assert.ok((await marksInSuggestions(page, 'VQ', '向量量化')) >= 3, 'several rows mark 向量量化');
      await shot(page, `search-suggest-acronym-${width}`);
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('a traditional prefix stopping inside a Taiwan word (語音辨) suggests the 语音识别 titles', async () => {
      const { context, page } = await newPage(browser, opts);
      await openSearch(page, mobile);
      await page.keyboard.insertText('語音辨');
      const row = page.locator('[role="option"]', { hasText: '语音识别' }).first();
      await row.waitFor();
      await shot(page, `search-suggest-taiwan-prefix-${width}`);
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('typed pinyin marks the characters it spells in the suggestions: duo mo tai → 多模态', async () => {
      const { context, page } = await newPage(browser, opts);
      await openSearch(page, mobile);
      assert.ok((await marksInSuggestions(page, 'duo mo tai', '多模态')) >= 2, 'more than one row marks 多模态');
      await shot(page, `search-suggest-pinyin-marks-${width}`);
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('搜索语法 in the dropdown explains the operators in Chinese', async () => {
      const { context, page } = await newPage(browser, opts);
      const input = await openSearch(page, mobile);
      const button = page.getByRole('button', { name: '搜索语法' });
      await button.click();
      const help = page.getByRole('note', { name: '搜索语法' });
      await help.waitFor();
      for (const example of ['"大模型 推理"', '扩散模型 -综述', 'author:王磊', 'tag:RAG', 'type:论文', 'arxiv:2401.01234']) {
        assert.equal(await help.getByText(example, { exact: true }).count(), 1, example);
      }
      assert.equal(await input.getAttribute('aria-expanded'), 'true', 'the dropdown stays open');
      await shot(page, `search-syntax-help-${width}`);
      await context.close();
    });

    test('the results page says 找到 N 条结果，用时 … 秒, and a bad operator is help beside results', async () => {
      const { context, page } = await newPage(browser, opts);
      await page.goto(BASE + '/search?q=' + encodeURIComponent('type:论文 扩散'));
      const stats = page.locator('.search-stats');
      await stats.waitFor();
      assert.match(await stats.textContent(), /^找到 \d+(\.\d+[kw])? 条结果，用时 \d+\.\d\d 秒$/);
      await page.locator('[aria-label="搜索结果"] article').first().waitFor();
      await page.goto(BASE + '/search?q=' + encodeURIComponent('type:视频 扩散'));
      const help = page.getByRole('region', { name: '搜索语法提示' });
      await help.waitFor();
      assert.match(await help.textContent(), /“type:视频”不是内容类型/);
      await page.locator('[aria-label="搜索结果"] article').first().waitFor();
      await shot(page, `search-operator-help-${width}`);
      assert.deepEqual(page.errors, []);
      await context.close();
    });

    test('a question asking how lists articles first: 扩散模型入门 opens with stories, not papers', async () => {
      const { context, page } = await newPage(browser, opts);
      await page.goto(BASE + '/search?q=' + encodeURIComponent('扩散模型入门'));
      const cards = page.locator('[aria-label="搜索结果"] article');
      await cards.nth(2).waitFor();
      const firstLinks = [];
      for (let i = 0; i < 3; i += 1) firstLinks.push(await cards.nth(i).locator('a[href^="/view/"], a[href^="/paper/"]').first().getAttribute('href'));
      assert.ok(firstLinks.every((href) => href.startsWith('/view/')), firstLinks.join(' '));
      await shot(page, `search-question-${width}`);
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  });
}
