// Signed-in flows of issue 9 in Debian's Chromium, against the running stack at HUB_BASE_URL and its
// real sign-in provider (Keycloak's form: #username, #password, #kc-login).
//
// Accounts come from the environment (the sign-in engineer documents the demo accounts):
//   HUB_E2E_USER / HUB_E2E_PASSWORD                a regular user
//   HUB_E2E_EDITOR / HUB_E2E_EDITOR_PASSWORD       a moderator (may delete others' stories with a reason)
// Without them these tests are skipped with a message saying so.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, PHONE_UA, launch, newPage, shot, signIn, waitFor } from './browser.mjs';

const USER = process.env.HUB_E2E_USER;
const PASSWORD = process.env.HUB_E2E_PASSWORD;
const EDITOR = process.env.HUB_E2E_EDITOR;
const EDITOR_PASSWORD = process.env.HUB_E2E_EDITOR_PASSWORD;
const NO_USER = !USER || !PASSWORD ? 'HUB_E2E_USER and HUB_E2E_PASSWORD are not set: signed-in browser tests skipped' : false;
const NO_EDITOR = NO_USER || (!EDITOR || !EDITOR_PASSWORD ? 'HUB_E2E_EDITOR and HUB_E2E_EDITOR_PASSWORD are not set: moderator tests skipped' : false);

if (NO_USER) console.log(`# ${NO_USER}`);
else if (NO_EDITOR) console.log(`# ${NO_EDITOR}`);

const stamp = Date.now().toString(36);
const TITLE = `端到端测试文章 e2e${stamp}`;
const EDITED = `${TITLE} 已编辑`;

let browser;
/** The signed-in user's session (cookies), reused by later tests and the phone context. */
let userState;
/** The story the user publishes (id). */
let storyId;

before(async () => {
  if (NO_USER) return;
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A toast with this text shows up. */
async function toastSays(page, text) {
  await page.locator('.toast', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/**
 * The status of a story's detail call once the index has learnt of its deletion: the delete is committed
 * before 删除成功, and the worker takes it to the index through the outbox a moment later.
 */
async function detailStatusAfterDelete(page, id) {
  let status = 0;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    status = (await page.request.get(`${BASE}/api/v1/stories/${id}`)).status();
    if (status === 404) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status;
}

async function userPage(opts = {}) {
  const { context, page } = await newPage(browser, { storageState: userState, ...opts });
  return { context, page };
}

/** The first seeded story of the home feed that is not ours. */
async function someoneElsesStory(page) {
  await page.goto(BASE + '/');
  await page.locator('.story-card').first().waitFor();
  const ids = await page.$$eval('.story-card', (els) => els.map((e) => Number(e.getAttribute('data-id'))));
  const other = ids.find((id) => id !== storyId);
  assert.ok(other, 'a seeded story to report');
  return other;
}

describe('signed in', { concurrency: false }, () => {
  test('sign in through the provider; the header shows the write button and the avatar menu', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, USER, PASSWORD, '/papers');
    await page.locator('a.write-btn', { hasText: '写文章' }).waitFor();
    await page.hover('.user-chip');
    const menu = page.locator('.user-menu');
    await menu.waitFor();
    for (const item of ['我的主页', '编辑资料', '退出登录']) assert.ok(await menu.getByText(item).isVisible(), item);
    await shot(page, 'signed-in-header-menu');
    userState = await context.storageState();
    // every write carries the CSRF cookie's value: the cookie is readable
    assert.ok(userState.cookies.some((c) => c.name === 'hub_csrf'), 'hub_csrf cookie set at sign-in');
    await context.close();
  });

  test('a member reading pages sends beacons and none is refused', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser, { storageState: userState });
    const answers = [];
    await page.route('**/api/v1/track', async (route) => {
      const lines = (route.request().postData() ?? '').split('\n').filter(Boolean).length;
      const response = await route.fetch(); // on to the server, with the member's session cookie
      answers.push({ lines, status: response.status(), body: await response.json() });
      await route.fulfill({ response });
    });
    const consoleErrors = [];
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    for (const path of ['/', '/papers', '/events']) {
      await page.goto(BASE + path);
      await page.locator('.feed-list > article, .event-card, article').first().waitFor();
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide'))); // flush as a page being left
      await waitFor(() => answers.length > 0);
    }
    assert.ok(answers.length > 0, 'the pages sent beacons');
    for (const answer of answers) {
      assert.deepEqual({ status: answer.status, data: answer.body.data }, { status: 200, data: { accepted: answer.lines, dropped: 0 } });
    }
    assert.deepEqual(consoleErrors.filter((e) => /track|403/.test(e)), []);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });

  test('publish a story from /create (validation, tags, draft) and find it by search', { skip: NO_USER }, async () => {
    const { context, page } = await userPage();
    await page.goto(BASE + '/create');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByText('请填写标题').first().waitFor();
    await page.getByText('请填写内容').first().waitFor();
    await page.getByLabel(/^标题/).fill(TITLE);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type(`这是一篇端到端测试文章 e2e${stamp}，用于验证发布、搜索、编辑与删除。`);
    await page.getByRole('button', { name: '大模型', exact: true }).click();
    await page.getByRole('button', { name: 'AIGC', exact: true }).click();
    await page.getByText('已选 2/5').waitFor();
    // the draft is kept in local storage
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('hub:story-draft:')));
    await shot(page, 'create-desktop', true);
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.waitForURL(/\/view\/\d+$/);
    await toastSays(page, '发布成功');
    storyId = Number(new URL(page.url()).pathname.split('/').pop());
    assert.equal(await page.locator('h1.story-page__title').textContent(), TITLE);
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('hub:story-draft:')).length), 0, 'draft cleared');

    // searchable (indexing may take a moment)
    let found = false;
    for (let i = 0; i < 30 && !found; i += 1) {
      await page.goto(`${BASE}/search?q=${encodeURIComponent(`e2e${stamp}`)}`);
      await page.waitForFunction(() => !document.querySelector('.list-state--loading'));
      found = (await page.locator(`.story-card[data-id="${storyId}"]`).count()) > 0;
      if (!found) await page.waitForTimeout(1000);
    }
    assert.ok(found, 'the new story is found by search');
    await context.close();
  });

  test('/create: pictures by the toolbar, a paste and the cover upload; a link with the report dialog\'s rule', { skip: NO_USER }, async () => {
    const { context, page } = await newPage(browser, { storageState: userState });
    await page.goto(BASE + '/create');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('配图测试');
    // a tiny PNG, made in the page so no fixture file is needed
    const png = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 40; canvas.height = 30;
      const g = canvas.getContext('2d'); g.fillStyle = '#4f46e5'; g.fillRect(0, 0, 40, 30);
      const blob = await new Promise((r) => canvas.toBlob(r, 'image/png'));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    });
    const file = { name: 'figure.png', mimeType: 'image/png', buffer: Buffer.from(png) };
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: '图片' }).click()]);
    await chooser.setFiles(file);
    await page.locator('.ProseMirror img[src^="/media/uploads/"]').first().waitFor();
    // a pasted picture is uploaded too (not kept as a data: URL)
    await page.locator('.ProseMirror').evaluate((el, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, png);
    await page.waitForFunction(() => document.querySelectorAll('.ProseMirror img[src^="/media/uploads/"]').length >= 2);
    assert.equal(await page.locator('.ProseMirror img[src^="data:"]').count(), 0);
    const [cover] = await Promise.all([page.waitForEvent('filechooser'), page.getByText('上传封面').click()]);
    await cover.setFiles(file);
    await page.locator('img.story-edit__cover').waitFor();
    assert.match(await page.getByRole('textbox', { name: '封面' }).inputValue(), /^\/media\/uploads\/[0-9a-f]{32}\.webp$/);
    // a link: javascript: is refused, https is kept
    const selectFirstLine = async () => {
      await page.locator('.ProseMirror p').first().click();
      await page.keyboard.press('End');
      await page.keyboard.press('Shift+Home');
    };
    await selectFirstLine();
    page.once('dialog', (d) => d.accept('javascript:alert(1)'));
    await page.getByRole('button', { name: '链接' }).click();
    await page.locator('.toast', { hasText: '链接格式错误' }).waitFor();
    await selectFirstLine();
    page.once('dialog', (d) => d.accept('https://arxiv.org/abs/2401.00001'));
    await page.getByRole('button', { name: '链接' }).click();
    await page.locator('.ProseMirror a[href="https://arxiv.org/abs/2401.00001"]').waitFor();
    await shot(page, 'create-pictures');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('/create at 375 px', { skip: NO_USER }, async () => {
    const { context, page } = await userPage({ viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    await page.goto(BASE + '/create');
    await page.getByLabel(/^标题/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no horizontal overflow (${overflow}px)`);
    await shot(page, 'create-phone', true);
    await context.close();
  });

  test('edit the story (only with can_editor): /update/{id}', { skip: NO_USER }, async () => {
    assert.ok(storyId, 'published above');
    const { context, page } = await userPage();
    await page.goto(`${BASE}/view/${storyId}`);
    await page.getByRole('link', { name: '编辑', exact: true }).click();
    await page.waitForURL(new RegExp(`/update/${storyId}$`));
    const title = page.getByLabel(/^标题/);
    await title.waitFor();
    assert.equal(await title.inputValue(), TITLE);
    await title.fill(EDITED);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL(new RegExp(`/view/${storyId}$`));
    await toastSays(page, '保存成功');
    await page.locator('h1.story-page__title', { hasText: EDITED }).waitFor();
    await context.close();
  });

  test('vote and bookmark: the counts follow and stay after a reload', { skip: NO_USER }, async () => {
    const { context, page } = await userPage();
    await page.goto(`${BASE}/view/${storyId}`);
    const vote = page.locator('.story-page__foot').getByRole('button', { name: /^点赞 \d/ });
    const votes = page.locator('.story-page__foot [data-testid="vote-count"]');
    const marks = page.locator('.story-page__foot [data-testid="mark-count"]');
    await vote.waitFor();
    const v0 = Number(await votes.textContent());
    const m0 = Number(await marks.textContent());
    // The buttons change at once (optimistic); the reload below waits for the server's answers, or it could cut
    // a request off before the server had it.
    const answered = (action) => page.waitForResponse((r) => r.url().endsWith(`/stories/${storyId}/${action}`) && r.request().method() === 'POST');
    const voted = answered('favourite');
    await vote.click();
    await page.locator('.story-page__foot').getByRole('button', { name: /^取消点赞 \d/ }).waitFor();
    assert.equal(Number(await votes.textContent()), v0 + 1);
    const marked = answered('bookmark');
    await page.locator('.story-page__foot').getByRole('button', { name: /^收藏 \d/ }).click();
    await page.locator('.story-page__foot').getByRole('button', { name: /^取消收藏 \d/ }).waitFor();
    assert.equal(Number(await marks.textContent()), m0 + 1);
    assert.ok((await voted).ok() && (await marked).ok(), 'the server took the vote and the bookmark');
    await page.reload();
    await page.locator('.story-page__foot').getByRole('button', { name: /^取消点赞 \d/ }).waitFor();
    assert.equal(Number(await votes.textContent()), v0 + 1, 'the server kept the vote');
    assert.equal(Number(await marks.textContent()), m0 + 1, 'the server kept the bookmark');
    await page.locator('.story-page__foot').getByRole('button', { name: /^取消点赞 \d/ }).click();
    await page.locator('.story-page__foot').getByRole('button', { name: /^点赞 \d/ }).waitFor();
    assert.equal(Number(await votes.textContent()), v0);
    await context.close();
  });

  test('report someone else\'s story: each validation message, then 举报成功 and 已举报', { skip: NO_USER }, async () => {
    const { context, page } = await userPage();
    const other = await someoneElsesStory(page);
    await page.goto(`${BASE}/view/${other}`);
    const foot = page.locator('.story-page__foot');
    const report = foot.getByRole('button', { name: /^举报$|^已举报$/ });
    await report.waitFor();
    if ((await report.textContent()).includes('已举报')) {
      await report.click(); // a previous run's report: take it back first
      await foot.getByRole('button', { name: '举报', exact: true }).waitFor();
    }
    await foot.getByRole('button', { name: '举报', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '举报', exact: true });
    await dialog.waitFor();
    assert.equal(Math.round((await dialog.boundingBox()).width), 512);
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('请选择举报类型').waitFor();
    await dialog.getByLabel('抄袭内容').check();
    await dialog.getByText('请填写举报链接').waitFor();
    await dialog.getByLabel(/举报链接/).fill('not a link');
    await dialog.getByText('举报链接格式错误').waitFor();
    await dialog.getByLabel(/举报链接/).fill('https://example.com/original');
    await dialog.getByLabel('补充说明').fill('端到端测试举报');
    await dialog.getByText('7/200').waitFor();
    await shot(page, 'report-dialog-desktop');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toastSays(page, '举报成功');
    await foot.getByRole('button', { name: '已举报', exact: true }).waitFor();
    // take it back (POST /v1/report/down)
    await foot.getByRole('button', { name: '已举报', exact: true }).click();
    await foot.getByRole('button', { name: '举报', exact: true }).waitFor();
    await context.close();
  });

  test('report on a phone says 请在PC端进行操作', { skip: NO_USER }, async () => {
    const { context, page } = await userPage({ viewport: PHONE, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    const other = await someoneElsesStory(page);
    await page.goto(`${BASE}/view/${other}`);
    await page.locator('.story-page__foot').getByRole('button', { name: /举报/ }).click();
    await toastSays(page, '请在PC端进行操作');
    assert.equal(await page.getByRole('dialog').count(), 0);
    await shot(page, 'story-phone-signed-in');
    await context.close();
  });

  test('profile edit, users list and account binding pages', { skip: NO_USER }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await userPage({ viewport });
      const tag = viewport === PHONE ? 'phone' : 'desktop';
      await page.goto(BASE + '/users/edit');
      const name = page.getByLabel(/^昵称/);
      await name.waitFor();
      const original = await name.inputValue();
      await name.fill('');
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await page.getByText('请填写昵称').waitFor();
      await page.getByLabel('头像链接').fill('ftp://x');
      await page.getByText('头像地址需为允许的图片地址（http 或 https）').waitFor();
      await page.getByLabel('头像链接').fill('');
      await name.fill(original || `e2e${stamp}`);
      await shot(page, `users-edit-${tag}`);
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await toastSays(page, '保存成功');
      await page.goto(BASE + '/users');
      await page.locator('.user-row').first().waitFor();
      await shot(page, `users-${tag}`);
      await page.goto(BASE + '/settings/account_binding');
      await page.locator('.binding-row, .list-state').first().waitFor();
      await shot(page, `account-binding-${tag}`);
      await context.close();
    }
  });

  test('delete a moderator\'s way: someone else\'s story needs 请填写删除理由', { skip: NO_EDITOR }, async () => {
    // the user publishes a second story; the moderator deletes it with a reason
    const { context: uc, page: up } = await userPage();
    await up.goto(BASE + '/create');
    await up.getByLabel(/^标题/).fill(`${TITLE} 待审核`);
    await up.locator('.ProseMirror').click();
    await up.keyboard.type('由版主删除的测试文章。');
    await up.getByRole('button', { name: '发布', exact: true }).click();
    await up.waitForURL(/\/view\/\d+$/);
    const victim = Number(new URL(up.url()).pathname.split('/').pop());
    await uc.close();

    const { context, page } = await newPage(browser);
    await signIn(page, EDITOR, EDITOR_PASSWORD, `/view/${victim}`);
    const foot = page.locator('.story-page__foot');
    await foot.getByRole('button', { name: '删除', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByText('确认删除？').count(), 0);
    await dialog.getByRole('button', { name: '删除', exact: true }).click();
    await dialog.getByText('请填写删除理由', { exact: true }).first().waitFor();
    await dialog.getByLabel(/删除理由/).fill('端到端测试：违反社区规范');
    await shot(page, 'delete-reason-dialog');
    await dialog.getByRole('button', { name: '删除', exact: true }).click();
    await toastSays(page, '删除成功');
    await page.waitForURL((u) => u.pathname === '/');
    assert.equal(await detailStatusAfterDelete(page, victim), 404, 'the deleted story is gone');
    await context.close();
  });

  test('delete your own story: 确认删除？ then 删除成功, then sign out', { skip: NO_USER }, async () => {
    const { context, page } = await userPage();
    await page.goto(`${BASE}/view/${storyId}`);
    await page.locator('.story-page__foot').getByRole('button', { name: '删除', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('确认删除？').waitFor();
    assert.equal(await dialog.getByLabel(/删除理由/).count(), 0);
    await dialog.getByRole('button', { name: '删除', exact: true }).click();
    await toastSays(page, '删除成功');
    await page.waitForURL((u) => u.pathname === '/');
    assert.equal(await detailStatusAfterDelete(page, storyId), 404, 'the deleted story is gone');
    // the index learns of the delete through the outbox within seconds: search again until it is gone
    let left = false;
    for (let attempt = 0; attempt < 30 && !left; attempt += 1) {
      await page.goto(`${BASE}/search?q=${encodeURIComponent(`e2e${stamp}`)}`);
      await page.waitForFunction(() => !document.querySelector('.list-state--loading'));
      left = (await page.locator(`.story-card[data-id="${storyId}"]`).count()) === 0;
      if (!left) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.ok(left, 'the story left the search results');

    // sign out through the avatar menu
    await page.hover('.user-chip');
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.href.startsWith(BASE) && !u.pathname.startsWith('/auth/'), { timeout: 30_000 });
    await page.locator('a.login-btn').waitFor();
    assert.equal(new URL(page.url()).pathname, '/search', 'back on the page the member was on');
    const me = await page.request.get(`${BASE}/api/v1/users`);
    assert.equal(me.status(), 200);
    assert.equal((await me.json()).data, null, 'signed out: the session probe names nobody');
    await context.close();
  });
});
