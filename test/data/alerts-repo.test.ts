import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NewAlert } from '../../data/alerts-repo.js';
import { createTestDeps, makeKey } from '../helpers/deps.js';

const alert = (keyId: number, over: Partial<NewAlert> = {}): NewAlert => ({
  public_id: `alr_${'a'.repeat(16)}`, key_id: keyId, ppid: 'id_219', metric: 'wait_min', condition: 'below', threshold: 60,
  quiet_from: null, quiet_to: null, webhook_url: 'https://93.184.216.34/hook', secret: 'whsec_x', armed: 1, baseline: null,
  created_at: '2026-11-22T08:00:00.000Z', idempotency_key: 'same', request_digest: 'd1', ...over,
});

test('two creations racing with one idempotency key store one alert, and the loser gets it', (t) => {
  const { deps } = createTestDeps(t);
  const keyId = makeKey(deps).record.id;
  const repo = deps.repos.alerts;
  const first = repo.create(alert(keyId));
  assert.equal(first.created, true);
  const second = repo.create(alert(keyId, { public_id: `alr_${'b'.repeat(16)}`, secret: 'whsec_y' }));
  assert.equal(second.created, false);
  assert.equal(second.row.public_id, first.row.public_id);
  assert.equal(second.row.secret, 'whsec_x');
  assert.equal(repo.count(keyId), 1);
  // Another key may use the same idempotency key; without one, nothing is unique but the public id.
  const otherKey = makeKey(deps, { email: 'other@example.com' }).record.id;
  assert.equal(repo.create(alert(otherKey, { public_id: `alr_${'c'.repeat(16)}` })).created, true);
  repo.create(alert(keyId, { public_id: `alr_${'d'.repeat(16)}`, idempotency_key: null, request_digest: null }));
  repo.create(alert(keyId, { public_id: `alr_${'e'.repeat(16)}`, idempotency_key: null, request_digest: null }));
  assert.equal(repo.count(keyId), 3);
  // A public id collision is not mistaken for a replay.
  assert.throws(() => repo.create(alert(keyId, { idempotency_key: 'fresh' })), /UNIQUE/);
});

test('an idempotency key older than its window is forgotten, and only then', (t) => {
  const { deps } = createTestDeps(t);
  const keyId = makeKey(deps).record.id;
  const repo = deps.repos.alerts;
  repo.create(alert(keyId));
  assert.equal(repo.byIdempotencyKey(keyId, 'same', '2026-11-22T07:00:00.000Z')?.public_id, `alr_${'a'.repeat(16)}`);
  assert.equal(repo.byIdempotencyKey(keyId, 'same', '2026-11-22T09:00:00.000Z'), null);
  assert.equal(repo.create(alert(keyId, { public_id: `alr_${'f'.repeat(16)}` })).created, true);
});
