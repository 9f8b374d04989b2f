import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { newWebhookSecret, signWebhook, verifyWebhook } from '../../../services/alerts/webhook-signature.js';

const SECRET = 'whsec_test-secret';
const BODY = '{"type":"queue.threshold_crossed","ppid":125,"wait_min":95}';
const T = 1_790_000_000;

describe('webhook signature', () => {
  it('is the Stripe scheme: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed with the whole secret>', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    assert.equal(signWebhook(SECRET, BODY, T), `t=${T},v1=${expected}`);
  });

  it('round-trips: what it signs verifies, within the tolerance either way', () => {
    const header = signWebhook(SECRET, BODY, T);
    assert.equal(verifyWebhook(SECRET, BODY, header, T), true);
    assert.equal(verifyWebhook(SECRET, BODY, header, T + 300), true);
    assert.equal(verifyWebhook(SECRET, BODY, header, T - 300), true, 'a receiver whose clock runs behind');
  });

  it('refuses a tampered body, a wrong secret and a changed timestamp', () => {
    const header = signWebhook(SECRET, BODY, T);
    assert.equal(verifyWebhook(SECRET, BODY.replace('95', '15'), header, T), false);
    assert.equal(verifyWebhook(SECRET, `${BODY} `, header, T), false);
    assert.equal(verifyWebhook('whsec_other', BODY, header, T), false);
    assert.equal(verifyWebhook(SECRET, BODY, header.replace(`t=${T}`, `t=${T + 1}`), T), false, 'the timestamp is signed too');
  });

  it('refuses a stale or future timestamp, and a clock that is not a number', () => {
    const header = signWebhook(SECRET, BODY, T);
    assert.equal(verifyWebhook(SECRET, BODY, header, T + 301), false);
    assert.equal(verifyWebhook(SECRET, BODY, header, T - 301), false);
    assert.equal(verifyWebhook(SECRET, BODY, header, T + 60, 30), false, 'a tolerance of its own');
    assert.equal(verifyWebhook(SECRET, BODY, header, Number.NaN), false);
  });

  it('during rotation signs with every secret, and a receiver holding either the old or the new one accepts', () => {
    const header = signWebhook(['whsec_old', 'whsec_new'], BODY, T);
    assert.equal(header.split(',').filter((p) => p.startsWith('v1=')).length, 2);
    assert.equal(verifyWebhook('whsec_old', BODY, header, T), true);
    assert.equal(verifyWebhook('whsec_new', BODY, header, T), true);
    assert.equal(verifyWebhook('whsec_neither', BODY, header, T), false);
    // A receiver's side: a header with a v0 and a garbage v1 besides the right one still verifies.
    const mixed = `t=${T},v0=abc,v1=zz,${signWebhook(SECRET, BODY, T).split(',')[1]}`;
    assert.equal(verifyWebhook(SECRET, BODY, mixed, T), true);
  });

  it('refuses malformed headers', () => {
    const v1 = signWebhook(SECRET, BODY, T).split(',')[1]!;
    for (const header of ['', v1, `t=${T}`, `t=${T},t=${T},${v1}`, `t=abc,${v1}`, `t=-${T},${v1}`, `t=${T},v1=${'0'.repeat(63)}`]) {
      assert.equal(verifyWebhook(SECRET, BODY, header, T), false, header);
    }
  });

  it('throws at once on programmer error', () => {
    assert.throws(() => signWebhook('', BODY, T), /must not be empty/);
    assert.throws(() => signWebhook([], BODY, T), /at least one secret/);
    assert.throws(() => signWebhook(SECRET, BODY, 1.5), /1\.5/);
  });

  it('makes new secrets of 32 random bytes in base64url behind whsec_', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    assert.match(a, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(a.slice('whsec_'.length), 'base64url').length, 32);
    assert.notEqual(a, b);
  });
});
