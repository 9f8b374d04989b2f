/**
 * A large daily feed ingested inline or on a thread of its own (npm run bench:feeds): the MIMIT prices file
 * (92,812 rows; ../shared/data/it-fuel, dated forward so that every price is newer than the one held),
 * served by a local server and polled through the feed runner, while usage counters are written every
 * 20 ms through the service's counter writer, as keyed calls would. Printed: how long the poll took, the
 * longest gap between 20 ms timers on the event loop, and how many of the counted writes were committed or
 * refused (the writer waits at most 200 ms for the lock). Both modes in the same run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { issueKey } from '../api/access/issue-key.js';
import { createDataVersions } from '../data/data-versions.js';
import { FEEDS } from '../data/feeds/catalog.js';
import { createFeedsRepo } from '../data/feeds-repo.js';
import { createKeysRepo } from '../data/keys-repo.js';
import { createObservationsRepo } from '../data/observations-repo.js';
import { seedBundled } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { createCounterWriter } from '../services/counter-writer/client.js';
import { createFeedRunner } from '../services/feeds/runner.js';

const text = readFileSync(new URL('../../shared/data/it-fuel/prezzo_alle_8.csv', import.meta.url), 'utf8').replaceAll('/08/2026', '/11/2026');
const server = createServer((_req, res) => res.end(text));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/prezzo_alle_8.csv`;
const now = () => new Date('2026-11-25T09:00:00Z');
const prices = FEEDS.find((f) => f.name === 'mimit-prices')! as { offThread?: boolean };

console.log('| mode | poll took (ms) | longest gap between 20 ms timers (ms) | counted writes committed | refused |');
console.log('|---|---|---|---|---|');
for (const offThread of [false, true]) {
  prices.offThread = offThread;
  const dir = mkdtempSync(join(tmpdir(), 'bdds-bench-feeds-'));
  const db = openStore(join(dir, 'bdds.sqlite'));
  seedBundled(db, { history: false, now: now() });
  const versions = createDataVersions(db, { observations: createObservationsRepo(db, { replay: false }), now, replay: false });
  const runner = createFeedRunner([{ name: 'mimit-prices', urls: [url], intervalS: 86_400 }],
    { db, feeds: createFeedsRepo(db), versions, log: pino({ level: 'silent' }), now, userAgent: 'bdds-bench' });
  const counters = createCounterWriter(db);
  const keyId = issueKey(createKeysRepo(db), { email: 'bench@localhost', plan: 'payg' }, now()).record.id;
  await counters.consume(keyId, '2026-11-25', 'standard', 1, 1e9);
  let committed = 0;
  let refused = 0;
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    longest = Math.max(longest, t - last);
    last = t;
    counters.consume(keyId, '2026-11-25', 'standard', 1, 1e9).then(() => committed++, () => refused++);
  }, 20);
  const t0 = performance.now();
  const report = await runner.runNow('mimit-prices');
  const took = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 100));
  clearInterval(timer);
  if (report.outcome !== 'ok') throw new Error(`the poll failed: ${report.error}`);
  console.log(`| ${offThread ? 'own thread, transactions of 2,000' : 'inline, one transaction'} | ${took.toFixed(0)} | ${longest.toFixed(0)} | ${committed} | ${refused} |`);
  await runner.close();
  await counters.close();
  closeStore(db);
  rmSync(dir, { recursive: true, force: true });
}
server.close();
