/** The portal's alerts page: an account sees each of its keys' alerts, their state and newest deliveries; no one else's. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { createMailer } from '../../../api/portal/mailer.js';
import { captureLogger, createTestDeps, makeKey } from '../../helpers/deps.js';
import { startSmtp } from '../../helpers/smtp.js';
import { browser, keyOn, PUBLIC, signUp } from './portal-browser.js';

describe('the alerts page', () => {
  it('lists the alerts of the account\'s keys with their deliveries, and none of another account', async (t) => {
    const smtp = await startSmtp(t);
    const { deps } = createTestDeps(t);
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Test <no-reply@example.org>', outbox: '' }, captureLogger().log, () => new Date());
    const app = buildApp(deps, { portal: { mailer, publicUrl: () => PUBLIC, secureCookies: true } });
    t.after(() => app.close());
    await app.ready();

    assert.equal((await browser(app).get('/portal/alerts')).statusCode, 303, 'logged out: back to the home page');
    const { b, confirmed } = await signUp(app, smtp, 'dispatch@example.org');
    const key = keyOn(confirmed.body)!;
    const post = (credential: string, body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/alerts',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ppid: 'id_219', metric: 'wait_min', webhook_url: 'https://93.184.216.34/hook', ...body }) });
    const mine = (await post(key, { below: 180 })).json().data;
    const { key: stranger } = makeKey(deps, { email: 'someone@example.net', plan: 'payg', limits: { qps: 100 } });
    const theirs = (await post(stranger, { above: 60 })).json().data;
    // A delivery that failed once, as the outbox records it.
    const keyId = deps.repos.keys.list().find((k) => k.email === 'dispatch@example.org')!.id;
    const row = deps.repos.alerts.get(keyId, mine.id)!;
    deps.repos.alerts.step(row, 1_795_338_000, { armed: false, baseline: null }, { event_id: 'evt_1', payload: '{}', next_attempt_at: 0, created_at: 0 });
    const [claimed] = deps.repos.alerts.claim(1, 60_000, 10);
    deps.repos.alerts.failed(claimed!, 500, 'http_status: HTTP 500', 30_000, 3);

    const page = await b.get('/portal/alerts');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<a href="\/portal\/alerts">Alerts<\/a>/);
    assert.ok(page.body.includes(mine.id));
    assert.match(page.body, /wait_min below 180 min/);
    assert.match(page.body, /active, fired/);
    assert.match(page.body, /<code>evt_1<\/code> pending, 1 attempt\(s\), last answer HTTP 500: http_status: HTTP 500/);
    assert.ok(!page.body.includes(theirs.id), 'another account\'s alert is not shown');
  });
});
