/**
 * Screenshots of the operator dashboard for docs/dashboard.md (`npm run screenshots:dashboard`): starts the
 * service on a fresh store in a temporary folder with a random internal token, waits for the typical weeks
 * and forecast models, makes a few keyed calls (so the operations view has traffic and quota use), logs in
 * in Debian's chromium (BDDS_CHROMIUM names another) and writes dashboard-*.png beside this file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { loadConfig } from '../../api/config.js';
import { createLogger } from '../../api/logger.js';
import { startServer } from '../../api/server.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bdds-dashboard-shots-'));
const token = randomBytes(24).toString('base64url');
const server = await startServer(loadConfig({ BDDS_PORT: '0', BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_OUTBOX: join(dir, 'outbox'), BDDS_THREADS: '1', BDDS_INTERNAL_TOKEN: token }),
  { log: createLogger('warn') });
const browser = await chromium.launch({ executablePath: process.env.BDDS_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  await server.modelsReady;
  // Some traffic for the operations view: the demo key's calls, one of them refused.
  const key = server.demoKey!;
  const call = (path: string) => fetch(`${server.url}/api/v1/data/${path}`, { headers: { authorization: `Bearer ${key}` } });
  for (const path of ['queue?ppid=id_119&section=snapshot', 'checkpoints?country=PL', 'forecast?ppid=id_119', 'day-stats?ppid=id_119', 'queue?ppid=id_999999']) {
    await call(path);
    await new Promise((r) => setTimeout(r, 550)); // the Explorer plan's 2 calls a second
  }
  const entry = server.deps.repos.directory.all().find((c) => c.ppid === 'id_119')!;

  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  const shot = (name: string) => page.screenshot({ path: join(here, `${name}.png`), fullPage: true });
  await page.goto(`${server.url}/dashboard`);
  await page.fill('#token', token);
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/dashboard/login')), page.click('main button[type=submit]')]);
  await page.goto(`${server.url}/dashboard#checkpoint/${entry.location_id}/id_119`);
  await page.waitForSelector('#cp-accuracy[data-state=ready]');
  await shot('dashboard-checkpoint');
  await page.click('#nav-map');
  await page.waitForSelector('#map[data-state=ready]');
  await page.fill('#matrix-lat', '49.8397');
  await page.fill('#matrix-lon', '24.0297');
  await page.click('#matrix-go');
  await page.waitForSelector('#matrix[data-state=ready]');
  await shot('dashboard-map');
  await page.click('#nav-ops');
  await page.waitForSelector('#ops-freshness[data-state=ready]');
  await shot('dashboard-operations');
  console.log(`wrote ${['dashboard-checkpoint', 'dashboard-map', 'dashboard-operations'].map((n) => `docs/screenshots/${n}.png`).join(', ')}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
