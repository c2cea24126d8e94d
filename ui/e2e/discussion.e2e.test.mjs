// Issue 34, item 1 in Debian's Chromium, against the running stack and its sign-in provider: the 评论
// thread under a story at 1280 px (a reply, a reply to a reply shown as 回复 @name, a like that survives a
// reload, a report shown as 已举报 and taken back with 取消举报, both kept after a reload, deleting one's
// own, an editor's delete with its reason reaching the author's 消息 with the unread dot, and the message
// leading back to the reply), 评论 N on the story's card, and the thread under a paper at 375 px with the
// paper's card.
//
// Accounts: the commenter is the demo `expert` (no other browser test signs in with it, so its 消息 are
// this file's own), the one who answers is HUB_E2E_USER, the moderator HUB_E2E_EDITOR. The story and the
// paper are ones further down the first page that other files leave alone; every text carries a stamp.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, BASE, launch, newPage, PHONE_CONTEXT, shot, signIn } from './browser.mjs';

const USER = process.env.HUB_E2E_USER;
const PASSWORD = process.env.HUB_E2E_PASSWORD;
const EDITOR = process.env.HUB_E2E_EDITOR;
const EDITOR_PASSWORD = process.env.HUB_E2E_EDITOR_PASSWORD;
const AUTHOR = process.env.HUB_E2E_EXPERT || 'expert';
const AUTHOR_PASSWORD = process.env.HUB_E2E_EXPERT_PASSWORD || 'expert-demo-pass';
const SKIP = !USER || !PASSWORD || !EDITOR || !EDITOR_PASSWORD ? 'HUB_E2E_USER/PASSWORD and HUB_E2E_EDITOR/PASSWORD are not set: discussion browser tests skipped' : false;
if (SKIP) console.log(`# ${SKIP}`);

const stamp = Date.now().toString(36);
const FIRST = `端到端评论 ${stamp}：这篇写得清楚`;
const ANSWER = `端到端回复 ${stamp}：同意楼上`;
const AGAIN = `端到端再回复 ${stamp}：谢谢`;
const REASON = `端到端删除原因 ${stamp}`;

let browser;
const sessions = {};
let storyId;
let before0;

before(async () => {
  if (SKIP) return;
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A page signed in as `who` (signing in through the provider the first time). */
async function as(who, start, opts = {}) {
  if (!sessions[who]) {
    const { context, page } = await newPage(browser);
    const [name, password] = who === 'author' ? [AUTHOR, AUTHOR_PASSWORD] : who === 'user' ? [USER, PASSWORD] : [EDITOR, EDITOR_PASSWORD];
    await signIn(page, name, password, start);
    sessions[who] = await context.storageState();
    await context.close();
  }
  const { context, page } = await newPage(browser, { storageState: sessions[who], ...opts });
  await page.goto(BASE + start);
  return { context, page };
}

async function toastSays(page, text) {
  await page.locator('.toast', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** The number in the thread's heading 评论 N. */
const heading = async (page) => Number((await page.locator('.discussion__title').textContent()).replace(/\D+/g, ''));

/** The reply whose text is exactly `text` (its own body, not a child's). */
const replyWith = (page, text) => page.locator('.reply', { has: page.locator('.reply__body').getByText(text, { exact: true }) });

async function post(page, text) {
  const form = page.getByRole('form', { name: '发表评论' });
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: '发表评论' }).click();
  await toastSays(page, '评论成功');
  await replyWith(page, text).waitFor();
}

async function answer(page, reply, text) {
  await reply.getByRole('button', { name: '回复' }).click();
  const form = page.getByRole('form', { name: '回复评论' });
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: '回复' }).click();
  await toastSays(page, '评论成功');
  await replyWith(page, text).waitFor();
}

/** A seeded story of the home feed's first page that the other files leave alone (they take the first ones). */
async function quietStory() {
  const body = JSON.stringify({ page: 1, size: 20, label: [], sort: 'new', time: null });
  const list = await api('/v1/story/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const stories = list.list.map((item) => item.story_info).filter(Boolean);
  assert.ok(stories.length >= 6, 'a first page of stories');
  return stories[5];
}

/** Whether a card's stats row wraps or runs past the card (as ui/e2e/cards.e2e.test.mjs measures it). */
const statsRow = (card) => card.locator('.card-stats').evaluate((el) => {
  const line = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5;
  const frame = el.closest('article').getBoundingClientRect();
  const middles = [...el.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => (r.top + r.bottom) / 2);
  return { wrapped: middles.some((m) => Math.abs(m - middles[0]) > line / 2), past: [...el.children].some((c) => c.getBoundingClientRect().right > frame.right + 0.5) };
});

describe('discussion', { concurrency: false }, () => {
  test('1280: a reply, a reply to a reply (回复 @name), a like, a report and deleting one\'s own', { skip: SKIP }, async () => {
    const story = await quietStory();
    storyId = story.id;
    // the commenter writes the first reply
    const author = await as('author', `/view/${storyId}`);
    await author.page.locator('.discussion').waitFor();
    before0 = await heading(author.page);
    await post(author.page, FIRST);
    assert.equal(await heading(author.page), before0 + 1);
    const authorName = (await replyWith(author.page, FIRST).locator('.reply__name').textContent()).trim();
    await author.context.close();

    // another member answers it, likes it (kept after a reload) and reports it
    const user = await as('user', `/view/${storyId}`);
    const first = replyWith(user.page, FIRST);
    await first.waitFor();
    await answer(user.page, first, ANSWER);
    const child = replyWith(user.page, ANSWER);
    assert.ok(await child.evaluate((el) => el.classList.contains('reply--child')), 'the answer hangs under the first reply');
    assert.equal(await child.locator('.reply__to').count(), 0, 'an answer to a top-level reply names nobody');
    const like = first.getByRole('button', { name: /^赞 / });
    const likes = Number((await like.getAttribute('aria-label')).replace(/\D+/g, ''));
    await like.click();
    await first.getByRole('button', { name: `取消赞 ${likes + 1}` }).waitFor();
    await user.page.reload();
    await replyWith(user.page, FIRST).getByRole('button', { name: `取消赞 ${likes + 1}` }).waitFor();
    await replyWith(user.page, FIRST).getByRole('button', { name: '举报' }).click();
    const dialog = user.page.getByRole('dialog', { name: '举报' });
    await dialog.getByText('疑似广告').click();
    await dialog.getByRole('button', { name: '提交' }).click();
    await toastSays(user.page, '举报成功');
    const reported = replyWith(user.page, FIRST).getByRole('button', { name: '已举报' });
    assert.equal(await reported.getAttribute('aria-pressed'), 'true');
    await shot(user.page, 'discussion-thread-1280', true);
    // the report is the member's own state: still 已举报 after a reload, and 已举报 takes it back
    await user.page.reload();
    await replyWith(user.page, FIRST).getByRole('button', { name: '已举报' }).click();
    await toastSays(user.page, '取消举报成功');
    await replyWith(user.page, FIRST).getByRole('button', { name: '举报' }).waitFor();
    assert.equal(await user.page.getByRole('dialog').count(), 0, 'taking a report back asks nothing');
    await user.page.reload();
    await replyWith(user.page, FIRST).getByRole('button', { name: '举报' }).waitFor();
    const userName = (await replyWith(user.page, ANSWER).locator('.reply__name').textContent()).trim();
    await user.context.close();

    // the commenter answers the answer: shown flat, 回复 @name; then deletes it
    const again = await as('author', `/view/${storyId}`);
    await answer(again.page, replyWith(again.page, ANSWER), AGAIN);
    const third = replyWith(again.page, AGAIN);
    assert.equal((await third.locator('.reply__to').textContent()).replace(/\s+/g, ''), `回复@${userName}`);
    assert.ok(await third.evaluate((el) => el.classList.contains('reply--child')), 'flat under the top-level reply');
    await shot(again.page, 'discussion-reply-to-reply-1280');
    await third.getByRole('button', { name: '删除' }).click();
    const confirm = again.page.getByRole('dialog', { name: '删除评论' });
    await confirm.getByRole('button', { name: '删除' }).click();
    await toastSays(again.page, '删除成功');
    await replyWith(again.page, AGAIN).waitFor({ state: 'detached' });
    assert.equal(await heading(again.page), before0 + 2);
    assert.ok(authorName, 'the commenter is named');
    await again.context.close();
  });

  test('1280: an editor deletes the reply with a reason; the author\'s 消息 says so with the unread dot and leads to the reply', { skip: SKIP }, async () => {
    assert.ok(storyId, 'the story of the first test');
    const editor = await as('editor', `/view/${storyId}`);
    const first = replyWith(editor.page, FIRST);
    await first.waitFor();
    await first.getByRole('button', { name: '删除' }).click();
    const dialog = editor.page.getByRole('dialog', { name: '删除他人评论' });
    await dialog.getByRole('button', { name: '删除' }).click();
    await dialog.getByText('请填写删除原因').waitFor();
    await dialog.getByRole('textbox').fill(REASON);
    await dialog.getByRole('button', { name: '删除' }).click();
    await toastSays(editor.page, '删除成功');
    // it had an answer: a tombstone keeps its place over it
    const gone = editor.page.locator('.reply-block', { has: editor.page.locator('.reply__body', { hasText: ANSWER }) });
    await gone.getByText('该评论已删除').waitFor();
    await shot(editor.page, 'discussion-tombstone-1280');
    await editor.context.close();

    const author = await as('author', '/messages');
    await author.page.locator('.user-chip__dot').waitFor();
    const deleted = author.page.locator('.message', { hasText: `你的评论已被删除，原因：${REASON}` });
    await deleted.waitFor();
    assert.equal(await deleted.getByLabel('未读').count(), 1, 'unread');
    const replied = author.page.locator('.message[data-kind="reply"]', { hasText: ANSWER });
    await replied.waitFor();
    await shot(author.page, 'discussion-messages-1280');
    await replied.getByRole('link').click();
    await author.page.waitForURL((u) => u.pathname === `/view/${storyId}` && u.hash.startsWith('#reply-'));
    const target = author.page.locator('.reply--target');
    await target.waitFor();
    assert.match(await target.locator('.reply__body').textContent(), new RegExp(ANSWER));
    assert.ok(await target.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }), 'scrolled into view');
    await shot(author.page, 'discussion-target-1280');
    await author.context.close();
  });

  test('1280: the story\'s card says 评论 N', { skip: SKIP }, async () => {
    assert.ok(storyId, 'the story of the first test');
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/?sort=new');
    const count = page.locator(`.story-card[data-id="${storyId}"] .card-comments`);
    await count.waitFor();
    // the answer is left (the first reply is a tombstone, the second answer was deleted)
    assert.equal((await count.textContent()).trim(), `评论 ${before0 + 1}`);
    await context.close();
  });

  test('375: the thread under a paper reads on a phone and the paper\'s card keeps one line with 评论 N', { skip: SKIP }, async () => {
    // /papers lists the newest first: a paper of its first page
    const body = JSON.stringify({ page: 1, label: [], sort: 'new', time: null, size: 10 });
    const papers = (await api('/v3/paper/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).list.map((item) => item.paper_info);
    const paper = papers[4];
    const phone = await as('user', `/paper/${paper.id}`, PHONE_CONTEXT);
    const { page } = phone;
    await page.locator('.discussion').waitFor();
    const n = await heading(page);
    const text = `端到端论文评论 ${stamp}`;
    await post(page, text);
    assert.equal(await heading(page), n + 1);
    const mine = replyWith(page, text);
    await answer(page, mine, `${text} 补充`);
    // the composer and the actions fit the phone
    const fit = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const composer = document.querySelector('.discussion .reply-composer__text').getBoundingClientRect();
      const rows = [...document.querySelectorAll('.reply__actions')].map((row) => {
        const tops = [...row.children].map((c) => Math.round(c.getBoundingClientRect().top));
        return { lines: new Set(tops).size, right: row.getBoundingClientRect().right };
      });
      return { width, composer: composer.width, rows, overflow: document.documentElement.scrollWidth > width };
    });
    assert.ok(fit.composer >= fit.width - 40, `composer full width: ${JSON.stringify(fit)}`);
    assert.ok(fit.rows.every((r) => r.lines === 1 && r.right <= fit.width), `actions on one line: ${JSON.stringify(fit.rows)}`);
    assert.equal(fit.overflow, false, 'nothing runs past the page');
    await mine.scrollIntoViewIfNeeded();
    await shot(page, 'discussion-paper-375');
    await shot(page, 'discussion-paper-375-full', true);
    // the paper's card on the list: 评论 N in a stats row that keeps one line
    await page.goto(BASE + '/papers');
    const card = page.locator(`.paper-card[data-id="${paper.id}"]`);
    await card.locator('.card-comments').waitFor();
    assert.match(await card.locator('.card-comments').textContent(), /评论 \d+/);
    const stats = await statsRow(card);
    assert.deepEqual(stats, { wrapped: false, past: false });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'discussion-paper-card-375');
    await phone.context.close();
  });

  test('375: the story\'s card with 评论 N keeps its stats row on one line', { skip: SKIP }, async () => {
    assert.ok(storyId, 'the story of the first test');
    const { context, page } = await newPage(browser, PHONE_CONTEXT);
    await page.goto(BASE + '/?sort=new');
    const card = page.locator(`.story-card[data-id="${storyId}"]`);
    await card.locator('.card-comments').waitFor();
    const stats = await statsRow(card);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'discussion-story-card-375');
    assert.deepEqual(stats, { wrapped: false, past: false });
    await context.close();
  });

  test('375: reporting another\'s reply on a phone says 请在PC端进行操作', { skip: SKIP }, async () => {
    assert.ok(storyId, 'the story of the first test');
    const { context, page } = await as('author', `/view/${storyId}`, PHONE_CONTEXT);
    const reply = replyWith(page, ANSWER);
    await reply.waitFor();
    await reply.getByRole('button', { name: '举报' }).click();
    await toastSays(page, '请在PC端进行操作');
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog opens');
    await context.close();
  });
});
