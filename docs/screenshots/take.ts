/**
 * Screenshots of the developer portal's main pages for the README (`npm run screenshots`): starts the
 * service on a fresh store in a temporary folder (mail to its outbox), signs up in Debian's chromium
 * (BDDS_CHROMIUM names another), and writes PNGs beside this file.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { chromium } from 'playwright-core';
import { loadConfig } from '../../api/config.js';
import { createLogger } from '../../api/logger.js';
import { startServer } from '../../api/server.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bdds-shots-'));
const outbox = join(dir, 'outbox');
const server = await startServer(loadConfig({ BDDS_PORT: '0', BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_OUTBOX: outbox, BDDS_THREADS: '1' }),
  { log: createLogger('warn') });
const browser = await chromium.launch({ executablePath: process.env.BDDS_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 720 } });
  const shot = (name: string) => page.screenshot({ path: join(here, `${name}.png`), fullPage: true });
  await page.goto(`${server.url}/portal`);
  await shot('portal-home');
  await page.fill('#signup-email', 'developer@example.org');
  await Promise.all([page.waitForLoadState('load'), page.click('#signup-email ~ button')]);
  for (let i = 0; i < 100 && !readdirSync(outbox, { withFileTypes: true }).length; i++) await new Promise((r) => setTimeout(r, 50));
  const mail = await simpleParser(readFileSync(join(outbox, readdirSync(outbox)[0]!)));
  const link = /http\S+\/portal\/verify\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
  await page.goto(link);
  await Promise.all([page.waitForLoadState('load'), page.click('main button[type=submit]')]);
  await shot('portal-keys');
  const key = (await page.locator('#new-key').innerText()).trim();
  const ppid = server.deps.repos.directory.all()[0]!.ppid;
  for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/v1/data/queue?ppid=${ppid}`, { headers: { authorization: `Bearer ${key}` } });
  await page.goto(`${server.url}/portal/sandbox/queue`);
  await Promise.all([page.waitForLoadState('load'), page.click('main form button[type=submit]')]);
  await page.setViewportSize({ width: 1000, height: 1100 });
  await page.screenshot({ path: join(here, 'portal-sandbox.png') });
  await page.goto(`${server.url}/portal/usage`);
  await shot('portal-usage');
  console.log(`wrote ${['portal-home', 'portal-keys', 'portal-sandbox', 'portal-usage'].map((n) => `docs/screenshots/${n}.png`).join(', ')}`);
} finally {
  await browser.close();
  await server.close();
}
