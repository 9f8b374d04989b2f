/**
 * Terminal-escape injection into the operator's command line (issue 33, point 4): text a client or a feed
 * stored reaches `bdds accounts list`, `bdds keys list` and `bdds reports list`. The portal refuses control
 * characters in the Pay As You Grow note; every command escapes them on output, whatever the store holds.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createAccountsRepo } from '../../../data/accounts-repo.js';
import { createKeysRepo } from '../../../data/keys-repo.js';
import { createRoadReportsRepo } from '../../../data/road-reports-repo.js';
import { closeStore, openStore } from '../../../data/store.js';
import { issueKey } from '../../../api/access/issue-key.js';
import { runCli } from '../../helpers/cli.js';
import { portalApp, signUp } from '../portal/portal-browser.js';

/** What an attacker stores: an OSC 52 clipboard write, a screen clear, a colour, and a forged row after a line break. */
const HOSTILE = '\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u001b[31mok\u009b0m\r\n99  forged@example.org  payg  verified';
/** No raw C0 or C1 control but the tabs and line breaks the commands put between cells and lines, no bidi control. */
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

describe('terminal escapes', () => {
  it('the portal refuses control characters in the Pay As You Grow note, and keeps its line breaks as spaces', async (t) => {
    const { app, deps, smtp } = await portalApp(t);
    const { b } = await signUp(app, smtp, 'esc@example.org');
    const refused = await b.post('/portal/payg', { note: HOSTILE });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /control or invisible characters/);
    assert.equal(deps.repos.accounts.byEmail('esc@example.org')!.payg_requested_at, null, 'nothing stored');
    const fine = await b.post('/portal/payg', { note: '40 trucks,\r\nabout 5,000 calls\ta day' });
    assert.equal(fine.statusCode, 200);
    assert.equal(deps.repos.accounts.byEmail('esc@example.org')!.payg_note, '40 trucks, about 5,000 calls a day');
  });

  it('bdds accounts list, keys list and reports list print stored control characters as visible escapes, one row per record', async (t) => {
    const { dir } = await portalApp(t);
    const path = join(dir, 'bdds.sqlite');
    const db = openStore(path);
    const nowIso = new Date().toISOString();
    const accounts = createAccountsRepo(db);
    // As an older version stored it (the portal refuses it now): straight through the repository.
    const account = accounts.ensure('victim-op@example.org', nowIso);
    accounts.markVerified(account.id, nowIso);
    accounts.requestPayg(account.id, HOSTILE, nowIso);
    createKeysRepo(db).create({ digest: 'd'.repeat(64), prefix: 'bdds_hostile', email: `x${HOSTILE.replace(/[\s]/g, '')}@example.org`, plan: 'explorer',
      status: 'active', limit_standard: null, limit_forecast_stats: null, limit_cheap: null, qps: null, created_at: nowIso, expires_at: null });
    createRoadReportsRepo(db).submit('test', {
      source_id: 'r1', condition_type: 'hazard', severity: 'low', description: HOSTILE, lang: 'en', road_name: null, direction: null,
      country_code: 'PL', geometry: { type: 'Point', coordinates: [22.9, 49.9] }, starts_at: null, expires_at: null, applies_to: null, truck_limits: null,
    }, new Date());
    closeStore(db);

    for (const [args, rows] of [[['accounts', 'list'], 1], [['keys', 'list'], null], [['reports', 'list', '--status', 'pending'], 1]] as const) {
      const out = await runCli([...args], { BDDS_DB: path });
      assert.equal(out.status, 0, out.stderr);
      assert.doesNotMatch(out.stdout, RAW_CONTROL, `${args.join(' ')} prints no raw control character`);
      assert.match(out.stdout, /\\u001B\]52;c;/, `${args.join(' ')} shows the escape, visibly`);
      const lines = out.stdout.trimEnd().split('\n');
      assert.ok(!lines.some((l) => /^99 +forged@/.test(l)), `${args.join(' ')}: no forged row`);
      if (rows !== null) assert.equal(lines.length, 1 + rows, `${args.join(' ')}: the header and one line per record`);
    }
  });

  it('bdds keys create refuses an e-mail address with control characters', async () => {
    assert.throws(() => issueKey({ create: () => { throw new Error('not reached'); } }, { email: `a\u001b[31m@example.org`, plan: 'explorer' }, new Date()),
      /not an e-mail address/);
  });
});
