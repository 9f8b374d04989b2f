/**
 * The API reference in a real browser: Debian's chromium driven by playwright-core against the real server
 * on a loopback port. The page loads with no console error (its Content-Security-Policy allows this origin
 * alone), shows an example answer for every product, and "Try it" with a key answers 200 and counts one unit.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { issueKey } from '../../../api/access/issue-key.js';
import { utcDay } from '../../../api/access/plans.js';
import { loadConfig } from '../../../api/config.js';
import { familyOf } from '../../../api/docs/families.js';
import { startServer } from '../../../api/server.js';
import { createCounterReader } from '../../../data/usage-repo.js';
import { operations } from '../../../services/registry.js';
import { captureLogger, tempDir } from '../../helpers/deps.js';
import { seededStore } from '../../helpers/store-templates.js';

const CHROMIUM = process.env.BDDS_CHROMIUM ?? '/usr/bin/chromium';

describe('the API reference in a browser', () => {
  it('loads without console errors, shows an example answer for every product, and a try-it call counts one unit', async (t) => {
    const config = loadConfig({ BDDS_PORT: '0', BDDS_DB: seededStore(tempDir(t)), BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off', BDDS_THREADS: '1' });
    const server = await startServer(config, { log: captureLogger().log, engine: { lazy: true } });
    t.after(() => server.close());
    assert.ok(existsSync(CHROMIUM), `no browser at ${CHROMIUM}: apt-get install chromium (or set BDDS_CHROMIUM)`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    t.after(() => browser.close());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const offOrigin: string[] = [];
    page.on('request', (r) => !r.url().startsWith(server.url) && !r.url().startsWith('data:') && offOrigin.push(r.url()));

    await page.goto(`${server.url}/docs`);
    const blocks = page.locator('.opblock');
    await blocks.nth(operations.length - 1).waitFor();
    // One block per operation and root, and one for the webhook an alert sends (webhooks.alertFired).
    assert.equal(await blocks.count(), operations.reduce((n, op) => n + op.versions.length, 0) + 1, 'one block per operation and root, and the webhook');
    assert.match(await page.locator('.bdds-top a[href="/docs/changelog"]').innerText(), /Changelog/);

    // Every product, opened, shows its example answer (an envelope with ok: true and its product slug); the
    // writes on a key's own alerts have no self-check input and so no example of their own.
    for (const op of operations.filter((o) => o.selfCheck && (o.rest?.method ?? 'GET') === 'GET')) {
      const block = page.locator(`#operations-${familyId(op.slug)}-${op.name}`);
      await block.locator('.opblock-summary-control').click();
      const example = block.locator('.responses-table .response[data-code="200"] .example.microlight, .responses-table .response[data-code="200"] .microlight').first();
      await example.waitFor();
      const text = await example.innerText();
      assert.match(text, /"ok": true/, `${op.name} shows an example answer`);
      assert.match(text, new RegExp(`"product": "${op.slug}"`), `${op.name}'s example is its own`);
      // Closed again: every open operation is rendered anew on each change.
      await block.locator('.opblock-summary-control').click();
    }

    // Try it: authorize with a key, run the queue call as the reference fills it in.
    const { key, record } = issueKey(server.deps.repos.keys, { email: 'reader@example.org', plan: 'explorer' }, server.deps.now());
    await page.locator('.auth-wrapper button.authorize').click();
    await page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first().fill(key);
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();
    const queue = page.locator('#operations-Checkpoints_and_queues-queue');
    await queue.locator('.opblock-summary-control').click();
    await queue.locator('.try-out__btn').click();
    await queue.locator('.execute').click();
    const status = queue.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    assert.equal((await status.innerText()).trim(), '200');
    assert.match(await queue.locator('.request-snippets').innerText(), /Authorization: Bearer/);
    const used = createCounterReader(server.db)(record.id, utcDay(server.deps.now()), 'standard');
    assert.equal(used, 1, 'the try-it call counted one unit');

    assert.deepEqual(errors, [], 'no console errors');
    assert.deepEqual(offOrigin, [], 'nothing loaded from another host');
  });
});

/** Swagger UI's id of a family's tag: spaces become underscores. */
const familyId = (slug: string) => familyOf(slug).replace(/\s/g, '_');
