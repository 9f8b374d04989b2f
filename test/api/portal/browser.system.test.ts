/**
 * The portal in a real browser: Debian's chromium driven by playwright-core, against the real server on
 * a loopback port, with the mail read from a real SMTP server in process. Keyboard only where a user
 * would type (the sign-up form).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../../../api/config.js';
import { startServer } from '../../../api/server.js';
import { captureLogger, tempDir } from '../../helpers/deps.js';
import { linkIn, startSmtp } from '../../helpers/smtp.js';
import { seededStore } from '../../helpers/store-templates.js';

/** Debian's chromium (.ci/run installs it); BDDS_CHROMIUM names another. */
export const CHROMIUM = process.env.BDDS_CHROMIUM ?? '/usr/bin/chromium';

async function launchBrowser() {
  assert.ok(existsSync(CHROMIUM), `no browser at ${CHROMIUM}: apt-get install chromium (or set BDDS_CHROMIUM)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

const submitAndWait = async (page: Page, selector: string) => {
  await Promise.all([page.waitForLoadState('load'), page.locator(selector).click()]);
};

describe('the developer portal in a browser', () => {
  it('goes from the home page to a working key by keyboard, then usage, sandbox to 50 and the 51st refused, roll and revoke', async (t) => {
    const smtp = await startSmtp(t);
    const config = loadConfig({
      BDDS_PORT: '0', BDDS_DB: seededStore(tempDir(t)), BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off', BDDS_THREADS: '1', BDDS_SMTP_URL: smtp.url,
      BDDS_MAIL_FROM: 'Portal <no-reply@example.org>',
    });
    const server = await startServer(config, { log: captureLogger().log, engine: { lazy: true } });
    t.after(() => server.close());
    const browser = await launchBrowser();
    t.after(() => browser.close());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${server.url}/portal`);
    assert.equal(await page.title(), 'Get an API key: Border and Driver Data Service developer portal');
    // Keyboard only: Tab from the top of the page reaches the sign-up field first among the form fields.
    let focused = '';
    for (let i = 0; i < 10 && focused !== 'signup-email'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate<string>('document.activeElement?.id ?? ""');
    }
    assert.equal(focused, 'signup-email', 'the sign-up field is reachable by Tab');
    await page.keyboard.type('driver@example.org');
    await Promise.all([page.waitForURL(`${server.url}/portal/signup`), page.keyboard.press('Enter')]);
    assert.match(await page.locator('main').innerText(), /If the address can receive mail, a link is on its way/);

    const link = linkIn(await smtp.next('driver@example.org'));
    assert.equal(link.origin, server.url, 'the link points at this server');
    await page.goto(link.href);
    await submitAndWait(page, 'main button[type=submit]');
    const key = (await page.locator('#new-key').innerText()).trim();
    assert.match(key, /^bdds_[a-z2-7]{32}$/);

    // The key works over REST, and the call shows in the usage chart's table.
    const ppid = server.deps.repos.directory.all()[0]!.ppid;
    const res = await fetch(`${server.url}/api/v1/data/queue?ppid=${ppid}&section=snapshot`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200);
    await page.goto(`${server.url}/portal/usage`);
    const day = server.deps.now().toISOString().slice(0, 10);
    assert.equal(await page.locator(`tbody tr:has(th:text("${day}")) td`).first().innerText(), '1');
    assert.equal(await page.locator('svg[role=img] rect').count(), 1, 'one bar for the one day with use');

    // Sandbox: 50 calls, then the 51st refused.
    await page.goto(`${server.url}/portal/sandbox/checkpoints`);
    await page.fill('#f-country', 'PL');
    let sentAt = 0;
    for (let i = 1; i <= 51; i++) {
      // Not faster than the sandbox's 10 calls a second.
      await new Promise((r) => setTimeout(r, Math.max(0, sentAt + 105 - Date.now())));
      sentAt = Date.now();
      await submitAndWait(page, 'main form button[type=submit]');
      const heading = await page.locator('#answer-h').innerText();
      if (i <= 50) assert.equal(heading, 'Answer: HTTP 200', `call ${i}`);
      else assert.equal(heading, 'Answer: HTTP 429', 'the 51st call is refused');
    }
    assert.match(await page.locator('main pre').first().innerText(), /quota_exceeded/);
    assert.match(await page.locator('main pre').nth(1).innerText(), /^curl -H "Authorization: Bearer \$BDDS_KEY" '.*\/api\/v1\/data\/checkpoints\?country=PL'$/);

    // Roll, then revoke the new key.
    await page.goto(`${server.url}/portal/keys`);
    await submitAndWait(page, 'button:text("Roll")');
    const rolled = (await page.locator('#new-key').innerText()).trim();
    assert.notEqual(rolled, key);
    assert.match(await page.locator('tbody').innerText(), /active until/);
    await submitAndWait(page, 'tbody tr:first-child button:text("Revoke")');
    assert.match(await page.locator('main [role=status]').first().innerText(), /revoked/);
    assert.deepEqual(errors, [], 'no console errors');
  });
});
