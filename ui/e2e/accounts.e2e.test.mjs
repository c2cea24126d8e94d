// A new member in Debian's Chromium: registers at the sign-in provider, is asked to verify the e-mail
// first (the hub sees nothing yet), opens the link from the mail the local SMTP sink kept
// (deploy/smtp-sink.sh, HUB_SMTP_PORT), and lands back on the hub signed in.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE, launch, newPage, shot } from './browser.mjs';

const MAILBOX = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'var', `mail-${process.env.HUB_SMTP_PORT || '2590'}`);

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The newest mail to `address` in the sink, waiting for it to arrive. */
async function mailTo(address) {
  for (let i = 0; i < 60; i += 1) {
    let files = [];
    try {
      files = readdirSync(MAILBOX).filter((f) => f.endsWith('.eml')).sort().reverse();
    } catch {
      /* the sink has not written anything yet */
    }
    for (const file of files) {
      const text = readFileSync(join(MAILBOX, file), 'utf8');
      if (text.includes(`X-Sink-To: ${address}`)) return text;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no mail to ${address} in ${MAILBOX}`);
}

/** The verification link of a (possibly quoted-printable) mail. */
function verificationLink(mail) {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const found = unfolded.match(/https?:\/\/[^\s"<>]+\/login-actions\/action-token\?[^\s"<>]+/);
  assert.ok(found, 'a verification link in the mail');
  return found[0].replace(/&amp;/g, '&');
}

test('a new member verifies the e-mail from the mail sink before signing in', async () => {
  const { context, page } = await newPage(browser);
  const name = `e2e${Date.now().toString(36)}`;
  const address = `${name}@example.com`;
  await page.goto(`${BASE}/events`);
  await page.locator('a.login-btn').click();
  await page.locator('#username').waitFor({ timeout: 30_000 });
  await page.locator('a[href*="/login-actions/registration"]').click();
  await page.fill('#firstName', '新');
  await page.fill('#lastName', '同学');
  await page.fill('#email', address);
  await page.fill('#username', name);
  await page.fill('#password', 'A-long-pass-123');
  await page.fill('#password-confirm', 'A-long-pass-123');
  await page.locator('#kc-form-buttons input[type=submit], #kc-form-buttons button').first().click();
  await page.getByText('验证电子邮箱').first().waitFor({ timeout: 30_000 });
  assert.ok(!page.url().startsWith(BASE), 'the hub is not reached before the e-mail is verified');
  await shot(page, 'accounts-verify-email');

  await page.goto(verificationLink(await mailTo(address)));
  await page.waitForURL((u) => u.href.startsWith(BASE) && !u.pathname.startsWith('/auth/') && !u.pathname.startsWith('/logincall'), { timeout: 30_000 });
  await page.locator('.user-chip').waitFor();
  const me = await page.evaluate(async () => (await (await fetch('/api/v1/users')).json()).data);
  assert.equal(me.email, address);
  assert.deepEqual(page.errors, []);
  await context.close();
});
