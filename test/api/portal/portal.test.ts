import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createMailer } from '../../../api/portal/mailer.js';
import { bearer, captureLogger, tempDir } from '../../helpers/deps.js';
import { linkIn } from '../../helpers/smtp.js';
import { browser, keyOn, portalApp, PUBLIC, signUp } from './portal-browser.js';
import { runCli } from '../../helpers/cli.js';

describe('developer portal', () => {
  it('signs up by e-mail link, issues a working Explorer key once, shows usage, rolls with a grace period and revokes', async (t) => {
    const { app, deps, smtp, setNow } = await portalApp(t);
    const { b, confirmed } = await signUp(app, smtp, 'Driver.App+test@Example.ORG');
    assert.equal(confirmed.statusCode, 200);
    const key = keyOn(confirmed.body);
    assert.ok(key, 'the first key is shown on confirmation');
    const session = confirmed.headers['set-cookie'];
    assert.match(String(session), /bdds_session=[^;]+;.*HttpOnly/i);
    assert.match(String(session), /Secure/);
    assert.match(String(session), /SameSite=Lax/i);
    const account = deps.repos.accounts.byEmail('driver.app@example.org');
    assert.ok(account?.verified_at, 'the address is stored normalised and verified');
    assert.equal(deps.repos.keys.ofAccount(account.id)[0]!.plan, 'explorer');

    const call = await app.inject({ url: `/api/v1/data/queue?ppid=${deps.repos.directory.all()[0]!.ppid}&section=snapshot`, headers: bearer(key) });
    assert.equal(call.statusCode, 200);
    const usage = await b.get('/portal/usage');
    assert.match(usage.body, new RegExp(`<th scope="row">${deps.now().toISOString().slice(0, 10)}</th><td>1</td>`), 'the call shows in usage');

    // Keys page: the key is listed by prefix only after this (never again in full).
    const keysPage = await b.get('/portal/keys');
    assert.equal(keyOn(keysPage.body), null);
    assert.doesNotMatch(keysPage.body, new RegExp(key));
    const keyId = deps.repos.keys.ofAccount(account.id)[0]!.id;
    const rolled = await b.post(`/portal/keys/${keyId}/roll`, {});
    const newKey = keyOn(rolled.body);
    assert.ok(newKey && newKey !== key);
    const graceEnds = new Date(deps.now().getTime() + 24 * 3_600_000).toISOString();
    assert.equal(deps.repos.keys.ofAccount(account.id).find((k) => k.id === keyId)!.expires_at, graceEnds);
    assert.ok(rolled.body.includes(`${graceEnds.slice(0, 16).replace('T', ' ')} UTC`), 'the page says until when the old key works');
    const ok = async (k: string) => (await app.inject({ url: '/api/v1/data/checkpoints?country=PL', headers: bearer(k) })).statusCode;
    assert.equal(await ok(key), 200, 'the rolled key works during the grace period');
    assert.equal(await ok(newKey), 200);
    setNow(deps.now().getTime() + 25 * 3_600_000);
    assert.equal(await ok(key), 403, 'and expires after it');
    assert.equal(await ok(newKey), 200);

    const newId = deps.repos.keys.ofAccount(account.id).find((k) => k.expires_at === null)!.id;
    const revoked = await b.post(`/portal/keys/${newId}/revoke`, {});
    assert.equal(revoked.statusCode, 200);
    setNow(deps.now().getTime() + 6_000);
    assert.equal(await ok(newKey), 403, 'revoked within the stated latency');

    // Another account's key cannot be touched.
    const other = await signUp(app, smtp, 'someone@else.example');
    const otherKeyId = deps.repos.keys.ofAccount(deps.repos.accounts.byEmail('someone@else.example')!.id)[0]!.id;
    assert.equal((await b.post(`/portal/keys/${otherKeyId}/revoke`, {})).statusCode, 404);
    assert.equal(keyOn(other.confirmed.body)?.startsWith('bdds_'), true);

    // Sessions expire after 7 days; log-out ends one at once.
    const { b: later } = await signUp(app, smtp, 'weekly@example.org');
    assert.equal((await later.get('/portal/keys')).statusCode, 200);
    setNow(deps.now().getTime() + 7 * 86_400_000 + 1_000);
    assert.equal((await later.get('/portal/keys')).statusCode, 303, 'an expired session is logged out');
    assert.ok(deps.repos.accounts.purgeExpired(deps.now().toISOString()) >= 1, 'expired sessions and tokens are purged');
    await b.post('/portal/logout', {});
    const after = await b.get('/portal/keys');
    assert.equal(after.statusCode, 303);
  });

  it('shows the free plan\'s attribution as the interface words it: a link reading "Data by" and the name, to the home address', async (t) => {
    const { app, smtp } = await portalApp(t);
    const { confirmed } = await signUp(app, smtp, 'attr@example.org');
    assert.ok(confirmed.body.includes(`&lt;a href=&quot;${PUBLIC}&quot;&gt;Data by Test Border Service&lt;/a&gt;`), 'the web snippet');
    assert.match(confirmed.body, /<q>Data by Test Border Service<\/q>/, 'the words for an app');
    assert.doesNotMatch(confirmed.body, /Data: /);
    assert.doesNotMatch(confirmed.body, /partner-link/, 'no partner dashboard configured: no link');
  });

  it('links the partner dashboard when one is configured, with the verified e-mail as the hint, saying keys, endpoints and apps are unchanged', async (t) => {
    const { app, smtp } = await portalApp(t, 'https://partners.example.org/dashboard');
    const { b } = await signUp(app, smtp, 'Fleet.Owner@Example.org');
    const keys = await b.get('/portal/keys');
    const href = /<a id="partner-link" href="([^"]+)"/.exec(keys.body)?.[1]?.replace(/&amp;/g, '&');
    assert.equal(href, 'https://partners.example.org/dashboard?login_hint=fleet.owner%40example.org');
    assert.match(keys.body, /Your keys, the endpoints and your apps are\s+unchanged by it/);
    assert.doesNotMatch((await browser(app).get('/portal')).body, /partner-link/, 'not shown to a visitor who is not logged in');
  });

  it('refuses state-changing forms without the CSRF token, or with one from another browser', async (t) => {
    const { app } = await portalApp(t);
    const b = browser(app);
    await b.get('/portal');
    const missing = await b.post('/portal/signup', { email: 'a@example.org' }, { csrf: false });
    assert.equal(missing.statusCode, 403);
    assert.match(missing.headers['content-type'] as string, /text\/html/);
    const other = browser(app);
    const page = await other.get('/portal');
    const foreign = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const wrong = await b.post('/portal/signup', { email: 'a@example.org', _csrf: foreign }, { csrf: false });
    assert.equal(wrong.statusCode, 403);
  });

  it('answers sign-up and log-in the same for known and unknown addresses, keeps one account per mailbox, and rate-limits per address and e-mail', async (t) => {
    const { app, deps, smtp } = await portalApp(t);
    await signUp(app, smtp, 'known@example.org');
    const b = browser(app, '198.51.100.7');
    await b.get('/portal');
    const strip = (html: string) => html.replace(/value="[^"]+"/g, '');
    const known = await b.post('/portal/login-link', { email: 'known@example.org' });
    const unknown = await b.post('/portal/login-link', { email: 'nobody@example.org' });
    assert.equal(known.statusCode, unknown.statusCode);
    assert.equal(strip(known.body), strip(unknown.body));
    const before = smtp.messages.length;
    const again = await b.post('/portal/signup', { email: 'KNOWN+second@example.org' });
    assert.equal(strip(again.body), strip(unknown.body), 'signing up again looks the same');
    const mail = await smtp.next('known@example.org', before);
    assert.match(linkIn(mail).pathname, /\/portal\/login$/, 'an address with an account gets a log-in link, not a second account');
    assert.equal(deps.repos.accounts.list().filter((a) => a.email.startsWith('known')).length, 1);
    assert.equal(deps.repos.accounts.byEmail('nobody@example.org'), null, 'log-in never creates an account');

    // Per e-mail: 3 an hour (the sign-up, the log-in link and the second sign-up above were the three).
    const limited = await b.post('/portal/login-link', { email: 'known@example.org' });
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.headers['retry-after'], '3600');
    // Per client address: 20 an hour, whatever the addresses asked for.
    const c = browser(app, '192.0.2.9');
    await c.get('/portal');
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await c.post('/portal/signup', { email: `user${i}@example.org` })).statusCode);
    assert.deepEqual(codes.slice(0, 20).every((s) => s === 200), true);
    assert.equal(codes[20], 429);
    assert.equal((await c.post('/portal/signup', { email: 'not an address' })).statusCode, 400);
  });

  it('uses a link once, and not after it expires', async (t) => {
    const { app, smtp, setNow, deps } = await portalApp(t);
    const b = browser(app);
    await b.get('/portal');
    await b.post('/portal/signup', { email: 'late@example.org' });
    const link = linkIn(await smtp.next('late@example.org'));
    setNow(deps.now().getTime() + 24 * 3_600_000 + 1_000);
    assert.equal((await b.get(`${link.pathname}${link.search}`)).statusCode, 400, 'an expired link shows as not working');
    assert.equal((await b.post(link.pathname, { token: link.searchParams.get('token')! })).statusCode, 400);

    const { b: b2, confirmed, link: used } = await signUp(app, smtp, 'once@example.org');
    assert.equal(confirmed.statusCode, 200);
    assert.equal((await b2.post(used.pathname, { token: used.searchParams.get('token')! })).statusCode, 400, 'a used link does not work again');
  });

  it('runs products in the sandbox through the pipeline: 50 calls per account and UTC day, apart from key quotas, with the curl', async (t) => {
    const { app, deps, smtp, setNow } = await portalApp(t);
    const { b } = await signUp(app, smtp, 'tester@example.org');
    // The sandbox allows 10 calls a second: the pinned clock moves on between calls.
    const tick = () => setNow(deps.now().getTime() + 150);
    const form = await b.get('/portal/sandbox/checkpoints');
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /<label for="f-country">country<\/label>/, 'the form comes from the operation schema');
    let last = form;
    for (let i = 0; i < 50; i++) {
      tick();
      last = await b.post('/portal/sandbox/checkpoints', { country: 'PL' });
      assert.match(last.body, /Answer: HTTP 200/, `call ${i + 1}`);
    }
    assert.match(last.body, /&quot;requests_today&quot;: 50/);
    assert.match(last.body, /curl -H &quot;Authorization: Bearer \$BDDS_KEY&quot; &#39;https:\/\/bdds\.example\.org\/api\/v1\/data\/checkpoints\?country=PL&#39;/);
    tick();
    const refused = await b.post('/portal/sandbox/checkpoints', { country: 'PL' });
    assert.match(refused.body, /Answer: HTTP 429/);
    assert.match(refused.body, /quota_exceeded/);
    const account = deps.repos.accounts.byEmail('tester@example.org')!;
    const keyId = deps.repos.keys.ofAccount(account.id)[0]!.id;
    assert.equal(await deps.counters.used(keyId, deps.now().toISOString().slice(0, 10), 'standard'), 0, 'the key quota is untouched');
    tick();
    const bad = await b.post('/portal/sandbox/checkpoints', { country: 'XX' });
    assert.equal(bad.statusCode, 200, 'a bad parameter shows the answer, not a crash');
    assert.match(bad.body, /Answer: HTTP 429/, 'the API\'s own answer, shown as it came (the day\'s sandbox calls are spent)');
    // Not logged in: no sandbox.
    const stranger = browser(app);
    assert.equal((await stranger.get('/portal/sandbox/checkpoints')).statusCode, 303);
  });

  it('takes a Pay As You Grow request that an operator approves with bdds accounts approve-payg', async (t) => {
    const { app, deps, db, smtp, setNow } = await portalApp(t);
    const { b, confirmed } = await signUp(app, smtp, 'fleet@example.org');
    const key = keyOn(confirmed.body)!;
    const requested = await b.post('/portal/payg', { note: '40 trucks, about 5,000 calls a day' });
    assert.match(requested.body, /Pay As You Grow requested on/);
    const listed = await runCli(['accounts', 'list', '--payg-requested'], { BDDS_DB: db.name });
    assert.match(listed.stdout, /fleet@example\.org\s+explorer\s+verified\s+payg requested .*40 trucks/);
    const approved = await runCli(['accounts', 'approve-payg', 'Fleet@Example.org'], { BDDS_DB: db.name });
    assert.equal(approved.status, 0, approved.stderr);
    assert.match(approved.stdout, /fleet@example\.org is on Pay As You Grow; 1 key moved/);
    setNow(deps.now().getTime() + 6_000); // past the key lookup cache
    const call = await app.inject({ url: '/api/v1/data/checkpoints?country=PL', headers: bearer(key) });
    assert.equal(call.json().usage.limit_today, 10_000, 'the key now has the Pay As You Grow limit');
    assert.match((await b.get('/portal/keys')).body, /Your account is on Pay As You Grow/);
    assert.equal((await runCli(['accounts', 'approve-payg', 'nobody@example.org'], { BDDS_DB: db.name })).status, 1, 'not found: exit 1, as every command says it');
  });

  it('writes mail to the outbox folder when no SMTP server is configured', async (t) => {
    const outbox = join(tempDir(t), 'outbox');
    const { log, lines } = captureLogger();
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'Test <no-reply@example.org>', outbox }, log, () => new Date('2026-11-22T10:00:00Z'));
    await mailer.send({ to: 'a@example.org', subject: 'Hello', text: 'https://x.example/portal/verify?token=abc' });
    const files = readdirSync(outbox);
    assert.equal(files.length, 1);
    assert.match(files[0]!, /^2026-11-22T10-00-00-000Z-[0-9a-f]{8}\.eml$/);
    const eml = readFileSync(join(outbox, files[0]!), 'utf8');
    assert.match(eml, /To: a@example\.org/);
    assert.match(eml, /portal\/verify\?token=abc/);
    assert.ok(lines.some((l) => l.includes('outbox') && l.includes(files[0]!)), 'the log says where');
  });
});
