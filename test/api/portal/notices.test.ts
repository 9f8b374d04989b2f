/**
 * The portal's notices page: a logged-in account sees its usage e-mails (all on until turned off), turns
 * one off with the form (CSRF-protected like every portal form), and the setting is what the job reads.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { createMailer } from '../../../api/portal/mailer.js';
import { createUsageNoticesRepo } from '../../../data/usage-notices-repo.js';
import { captureLogger, createTestDeps } from '../../helpers/deps.js';
import { startSmtp } from '../../helpers/smtp.js';
import { browser, PUBLIC, signUp } from './portal-browser.js';

describe('the notices page', () => {
  it('shows every notice on, saves what the form leaves checked, and refuses a form without its token', async (t) => {
    const smtp = await startSmtp(t);
    const { deps, db } = createTestDeps(t);
    const notices = createUsageNoticesRepo(db);
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Test <no-reply@example.org>', outbox: '' }, captureLogger().log, () => new Date());
    const app = buildApp(deps, { portal: { mailer, publicUrl: () => PUBLIC, secureCookies: true, notices } });
    t.after(() => app.close());
    await app.ready();

    assert.equal((await browser(app).get('/portal/notices')).statusCode, 303, 'logged out: back to the home page');
    const { b } = await signUp(app, smtp, 'driver@example.org');
    const page = await b.get('/portal/notices');
    assert.equal(page.statusCode, 200);
    assert.equal((page.body.match(/type="checkbox"[^>]*checked/g) ?? []).length, 3, 'all on until turned off');
    assert.match(page.body, /<a href="\/portal\/notices">Notices<\/a>/);

    const saved = await b.post('/portal/notices', { quota_100: '1', key_expiry: '1' });
    assert.equal(saved.statusCode, 200);
    assert.match(saved.body, /Saved\./);
    const account = deps.repos.accounts.byEmail('driver@example.org')!;
    assert.deepEqual(notices.settings(account.id), { quota_80: false, quota_100: true, key_expiry: true });
    assert.match(saved.body, /id="n-quota_80" name="quota_80" value="1">/, 'shown unchecked');

    const forged = await b.post('/portal/notices', { quota_80: '1', quota_100: '1', key_expiry: '1' }, { csrf: false });
    assert.equal(forged.statusCode, 403);
    assert.deepEqual(notices.settings(account.id), { quota_80: false, quota_100: true, key_expiry: true }, 'unchanged');
  });
});
