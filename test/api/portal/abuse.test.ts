/**
 * What a hostile tester found in the portal (issue 33): a free account's quota multiplied by rolling or
 * by revoke-then-create, any e-mail address locked out by someone else's refused requests, the log-in
 * link telling by its work whether an account exists, and one mailbox holding several accounts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { join } from 'node:path';
import { normaliseEmail } from '../../../api/portal/email.js';
import { createAccountsRepo } from '../../../data/accounts-repo.js';
import { isLiveKey } from '../../../data/keys-repo.js';
import { MIGRATIONS } from '../../../data/migrations.js';
import { closeStore, openStore } from '../../../data/store.js';
import { createTestDeps, tempDir } from '../../helpers/deps.js';
import type { Mailer } from '../../../api/portal/mailer.js';
import { createPortalService } from '../../../api/portal/service.js';
import { linkIn } from '../../helpers/smtp.js';
import { browser, portalApp, signUp } from './portal-browser.js';

describe('portal abuse', () => {
  it('counts rolled keys in their grace period against the 10-key limit, and issues at most 10 new keys per account and UTC day', async (t) => {
    const { app, deps, smtp, setNow } = await portalApp(t);
    const { b } = await signUp(app, smtp, 'roller@example.org');
    const account = deps.repos.accounts.byEmail('roller@example.org')!;
    const live = () => deps.repos.keys.ofAccount(account.id).filter((k) => isLiveKey(k, deps.now().toISOString()));
    const rolls: number[] = [];
    for (let i = 0; i < 15; i++) rolls.push((await b.post(`/portal/keys/${live()[0]!.id}/roll`, {})).statusCode);
    assert.deepEqual(rolls, [...Array(9).fill(200), ...Array(6).fill(409)], 'the first key and 9 rolls make 10 live keys; no more');
    assert.equal(live().length, 10);
    const refused = await b.post(`/portal/keys/${live()[0]!.id}/roll`, {});
    assert.match(refused.body, /at most 10 active keys, rolled keys in their grace period included/);
    assert.equal((await b.post('/portal/keys', {})).statusCode, 409, 'creating is refused as well');

    // The next UTC day, past the grace period: one live key. Revoke-then-create stops after 10 new keys.
    setNow(deps.now().getTime() + 25 * 3_600_000);
    assert.equal(live().length, 1);
    const creates: number[] = [];
    for (let i = 0; i < 12; i++) {
      const made = await b.post('/portal/keys', {});
      creates.push(made.statusCode);
      if (made.statusCode === 200) assert.equal((await b.post(`/portal/keys/${live()[0]!.id}/revoke`, {})).statusCode, 200);
    }
    assert.deepEqual(creates, [...Array(10).fill(200), 409, 409]);
    const last = await b.post('/portal/keys', {});
    assert.match(last.body, /at most 10 new keys \(created or rolled\) per UTC day/);
    assert.equal((await b.post(`/portal/keys/${live()[0]!.id}/roll`, {})).statusCode, 409, 'a roll is a new key too');
  });

  it('charges an e-mail address\'s link limit only for requests its client address was allowed, so nobody can lock another\'s mailbox out', async (t) => {
    const { app, smtp } = await portalApp(t);
    const attacker = browser(app, '192.0.2.66');
    await attacker.get('/portal');
    for (let i = 0; i < 20; i++) assert.equal((await attacker.post('/portal/signup', { email: `filler${i}@example.org` })).statusCode, 200);
    for (let i = 0; i < 10; i++) {
      assert.equal((await attacker.post('/portal/login-link', { email: 'victim@example.org' })).statusCode, 429, 'the attacker\'s address is at its limit');
    }
    const victim = browser(app, '198.51.100.20');
    await victim.get('/portal');
    const before = smtp.messages.length;
    const own = await victim.post('/portal/signup', { email: 'victim@example.org' });
    assert.equal(own.statusCode, 200, 'the mailbox\'s owner still gets a link');
    await smtp.next('victim@example.org', before);
    // The e-mail's own limit still holds for requests that passed their address's: 3 an hour.
    assert.equal((await victim.post('/portal/signup', { email: 'victim@example.org' })).statusCode, 200);
    assert.equal((await victim.post('/portal/signup', { email: 'victim@example.org' })).statusCode, 200);
    assert.equal((await victim.post('/portal/signup', { email: 'victim@example.org' })).statusCode, 429);
  });

  it('folds Gmail addresses (dots ignored, googlemail.com = gmail.com, no +tag) to one mailbox, one account; other domains keep their dots', async (t) => {
    assert.equal(normaliseEmail('J.O.H.N.Doe+shop@GoogleMail.com'), 'johndoe@gmail.com');
    assert.equal(normaliseEmail('john.doe@gmail.com'), 'johndoe@gmail.com');
    assert.equal(normaliseEmail('john.doe@example.org'), 'john.doe@example.org', 'a dot may tell two mailboxes apart elsewhere');
    assert.equal(normaliseEmail('john.doe@gmail.com.evil.example'), 'john.doe@gmail.com.evil.example');
    const { app, deps, smtp } = await portalApp(t);
    await signUp(app, smtp, 'John.Doe@gmail.com');
    const b = browser(app, '198.51.100.30');
    await b.get('/portal');
    for (const email of ['johndoe@googlemail.com', 'j.o.h.n.d.o.e@gmail.com']) {
      const before = smtp.messages.length;
      assert.equal((await b.post('/portal/signup', { email })).statusCode, 200);
      const link = linkIn(await smtp.next(email.toLowerCase(), before));
      assert.equal(link.pathname, '/portal/login', `${email}: a log-in link to the one account, not a second account, sent where it was asked`);
    }
    assert.deepEqual(deps.repos.accounts.list().map((a) => a.email), ['johndoe@gmail.com']);
  });

  it('sends the link to the address as typed, the account being the folded one (a provider without +tags has another mailbox there)', async (t) => {
    const { app, deps, smtp } = await portalApp(t);
    const b = browser(app, '198.51.100.31');
    await b.get('/portal');
    const before = smtp.messages.length;
    assert.equal((await b.post('/portal/signup', { email: ' Probe.User+x@Example.com ' })).statusCode, 200);
    const sent = await smtp.next('Probe.User+x@example.com', before); // the domain as the mailer writes it (domains have no case)
    assert.ok(sent, 'mailed to the address typed');
    assert.ok(!smtp.messages.slice(before).some((m) => [m.to].flat().some((a) => a?.text.toLowerCase().includes('probe.user@example.com'))), 'never to the folded address');
    assert.deepEqual(deps.repos.accounts.list().map((a) => a.email), ['probe.user@example.com']);
  });

  it('migration 17 folds the Gmail accounts stored before the rule, leaving a second account of the same mailbox as it was', (t) => {
    const path = join(tempDir(t), 'bdds.sqlite');
    const db = openStore(path);
    const accounts = createAccountsRepo(db);
    const now = new Date().toISOString();
    for (const email of ['ann.lee@gmail.com', 'bob.k@googlemail.com', 'bobk@gmail.com', 'c.d@example.org']) accounts.ensure(email, now);
    // Migration 17 (index 16) run again over accounts stored without the rule.
    db.exec(MIGRATIONS[16]!);
    closeStore(db);
    const again = openStore(path);
    t.after(() => closeStore(again));
    assert.deepEqual(createAccountsRepo(again).list().map((a) => a.email), ['annlee@gmail.com', 'bob.k@googlemail.com', 'bobk@gmail.com', 'c.d@example.org']);
  });

  it('answers a link request for a known and an unknown address after the same work: no store call and no mail before the answer', async (t) => {
    const { deps } = createTestDeps(t);
    const calls: string[] = [];
    for (const [name, repo] of [['accounts', deps.repos.accounts], ['keys', deps.repos.keys]] as const) {
      const methods = repo as unknown as Record<string, unknown>;
      for (const [method, fn] of Object.entries(methods)) {
        if (typeof fn === 'function') methods[method] = (...args: unknown[]) => (calls.push(`${name}.${method}`), (fn as (...a: unknown[]) => unknown)(...args));
      }
    }
    const mailed: string[] = [];
    const mailer = { send: async (message: { to: string }) => void mailed.push(message.to) } as unknown as Mailer;
    const service = createPortalService({ deps, mailer, publicUrl: () => 'https://bdds.example.org' });
    const known = deps.repos.accounts.ensure('known@example.org', deps.now().toISOString());
    deps.repos.accounts.markVerified(known.id, deps.now().toISOString());
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    /** The calls made before `request` answered, then the calls made after. */
    const workOf = async (request: () => string) => {
      calls.length = 0;
      mailed.length = 0;
      assert.equal(request(), 'sent');
      const before = [...calls, ...mailed.map((to) => `mail ${to}`)];
      await settle();
      await settle();
      return { before, after: [...calls], mailed: [...mailed] };
    };
    const logInKnown = await workOf(() => service.logIn('known@example.org', '192.0.2.1'));
    const logInUnknown = await workOf(() => service.logIn('nobody@example.org', '192.0.2.2'));
    const signUpKnown = await workOf(() => service.signUp('known@example.org', '192.0.2.3'));
    const signUpUnknown = await workOf(() => service.signUp('new@example.org', '192.0.2.4'));
    for (const work of [logInKnown, logInUnknown, signUpKnown, signUpUnknown]) assert.deepEqual(work.before, [], 'nothing before the answer');
    // After the answer: what each address needs.
    assert.deepEqual(logInKnown.mailed, ['known@example.org']);
    assert.ok(logInKnown.after.includes('accounts.addToken'));
    assert.deepEqual(logInUnknown.mailed, []);
    assert.equal(deps.repos.accounts.byEmail('nobody@example.org'), null, 'a log-in never creates an account');
    assert.deepEqual(signUpKnown.mailed, ['known@example.org']);
    assert.deepEqual(signUpUnknown.mailed, ['new@example.org']);
  });
});
