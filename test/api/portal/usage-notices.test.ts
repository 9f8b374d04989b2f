/**
 * Usage notices: real calls over app.inject count on a key of a verified account, the job reads the
 * counters and mails through the portal's mailer (nodemailer to a real SMTP server in process), with the
 * clock injected. Once per key, class and day; 100 % after 80 %; off when the account says so; a failed
 * mail is tried again; a key expiring within 7 days is announced once.
 */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { createMailer, type Mail } from '../../../api/portal/mailer.js';
import { runUsageNotices } from '../../../api/portal/usage-notices.js';
import { createUsageNoticesRepo } from '../../../data/usage-notices-repo.js';
import { bearer, buildTestApp, captureLogger, makeKey } from '../../helpers/deps.js';
import { startSmtp } from '../../helpers/smtp.js';

const PUBLIC = 'https://bdds.example.org';

async function setUp(t: TestContext) {
  const smtp = await startSmtp(t);
  const built = await buildTestApp(t);
  const { deps, db } = built;
  const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Test <no-reply@example.org>', outbox: '' }, captureLogger().log, deps.now);
  const repo = createUsageNoticesRepo(db);
  const account = deps.repos.accounts.ensure('driver@example.org', deps.now().toISOString());
  deps.repos.accounts.markVerified(account.id, deps.now().toISOString());
  // Pay As You Grow with a standard class of 10: 80 % is the 8th unit.
  const { key, record } = makeKey(deps, { email: account.email, plan: 'payg', accountId: account.id, limits: { standard: 10, qps: 1_000 } });
  let failNext = false;
  const parts = {
    repo, now: deps.now, serviceName: 'Test Border Service', publicUrl: () => PUBLIC, log: captureLogger().log,
    send: (mail: Mail) => (failNext ? ((failNext = false), Promise.reject(new Error('smtp down'))) : mailer.send(mail)),
  };
  const calls = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await built.app.inject({ url: '/api/v1/data/checkpoints?country=2', headers: bearer(key) });
      assert.equal(res.statusCode, 200);
    }
  };
  return { ...built, smtp, repo, account, key, record, parts, calls, failOnce: () => (failNext = true) };
}

describe('usage notices', () => {
  it('a key crossing 80 % of its standard class sends one e-mail, and reaching 100 % one more', async (t) => {
    const { smtp, parts, calls, repo, record } = await setUp(t);
    await calls(7);
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 }, '70 %: nothing yet');
    await calls(1);
    assert.deepEqual(await runUsageNotices(parts), { sent: 1 });
    const mail = await smtp.next('driver@example.org');
    assert.match(mail.subject ?? '', /^80 % of today's standard quota used/);
    assert.match(mail.text ?? '', /8 of 10 units today/);
    assert.match(mail.text ?? '', new RegExp(`${record.prefix}\\.\\.\\.`));
    assert.match(mail.text ?? '', /https:\/\/bdds\.example\.org\/portal\/notices/);
    await calls(1);
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 }, 'once per class and day');
    await calls(1);
    assert.deepEqual(await runUsageNotices(parts), { sent: 1 }, '100 %');
    assert.match((await smtp.next('driver@example.org', 1)).subject ?? '', /^Today's standard quota is used up/);
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 });
    assert.equal(smtp.messages.length, 2);
    assert.deepEqual(repo.sent(record.id).map((n) => n.kind).sort(), ['quota_100', 'quota_80']);
  });

  it('past 100 % at once sends the 100 % notice alone; a new UTC day starts again', async (t) => {
    const { smtp, parts, calls, setNow, deps } = await setUp(t);
    await calls(10);
    assert.deepEqual(await runUsageNotices(parts), { sent: 1 });
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 });
    assert.match((await smtp.next('driver@example.org')).subject ?? '', /used up/);
    setNow(new Date(deps.now().getTime() + 86_400_000).toISOString());
    await calls(8);
    assert.deepEqual(await runUsageNotices(parts), { sent: 1 }, 'the next day has its own notices');
  });

  it('sends nothing the account turned off, and tries a failed mail again', async (t) => {
    const { smtp, parts, calls, repo, account, deps, failOnce } = await setUp(t);
    repo.saveSettings(account.id, { quota_80: false, quota_100: true, key_expiry: true }, deps.now().toISOString());
    await calls(9);
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 }, '80 % is off');
    await calls(1);
    failOnce();
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 }, 'the mail failed');
    assert.deepEqual(await runUsageNotices(parts), { sent: 1 }, 'tried again');
    assert.equal(smtp.messages.length, 1);
  });

  it('a round after a notice went claims nothing again: it reads what was sent with the counters', async (t) => {
    const { parts, calls, repo, record, deps } = await setUp(t);
    const claims: string[] = [];
    const counting = { ...parts, repo: { ...repo, claim: (...a: Parameters<typeof repo.claim>) => (claims.push(a[1]), repo.claim(...a)) } };
    await calls(8);
    deps.repos.keys.expireAt(record.id, new Date(deps.now().getTime() + 24 * 3_600_000).toISOString());
    assert.deepEqual(await runUsageNotices(counting), { sent: 2 }, '80 % and the expiry');
    assert.deepEqual(claims.sort(), ['key_expiry', 'quota_80']);
    claims.length = 0;
    assert.deepEqual(await runUsageNotices(counting), { sent: 0 });
    assert.deepEqual(claims, [], 'nothing due, nothing claimed');
    await calls(2);
    assert.deepEqual(await runUsageNotices(counting), { sent: 1 }, '100 %');
    assert.deepEqual(claims, ['quota_100'], 'the 80 % notice, sent already, is not claimed beside it');
  });

  it('announces a key that stops working within 7 days once (a rolled key\'s old secret)', async (t) => {
    const { smtp, parts, record, deps } = await setUp(t);
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 });
    const ends = new Date(deps.now().getTime() + 24 * 3_600_000).toISOString();
    deps.repos.keys.expireAt(record.id, ends);
    assert.deepEqual(await runUsageNotices(parts), { sent: 1 });
    assert.deepEqual(await runUsageNotices(parts), { sent: 0 });
    const mail = await smtp.next('driver@example.org');
    assert.match(mail.subject ?? '', /stops working on/);
    assert.match(mail.text ?? '', new RegExp(`stops working at ${ends.slice(0, 16).replace('T', ' ')} UTC`));
  });
});
