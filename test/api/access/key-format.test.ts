import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bearerToken, createAuthenticator, readAuthorization } from '../../../api/access/authenticate.js';
import { digestKey, displayPrefix, generateKey, isWellFormedKey } from '../../../api/access/key-format.js';
import { isServiceError } from '../../../models/errors.js';

describe('key format', () => {
  it('generates distinct keys with a prefix, 128 random bits and a checksum', () => {
    const keys = Array.from({ length: 200 }, generateKey);
    assert.equal(new Set(keys).size, 200);
    for (const key of keys) {
      assert.match(key, /^bdds_[a-z2-7]{32}$/);
      assert.ok(isWellFormedKey(key));
    }
  });
  it('refuses a key with one character changed (checksum) or a wrong shape', () => {
    const key = generateKey();
    const i = 10;
    const typo = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    assert.equal(isWellFormedKey(typo), false);
    assert.equal(isWellFormedKey(key.toUpperCase()), false);
    assert.equal(isWellFormedKey(`${key}x`), false);
  });
  it('stores a stable digest and shows only a short prefix', () => {
    const key = generateKey();
    assert.equal(digestKey(key), digestKey(key));
    assert.match(digestKey(key), /^[0-9a-f]{64}$/);
    assert.equal(displayPrefix(key).length, 12);
    assert.ok(key.startsWith(displayPrefix(key)));
  });
});

describe('authenticator', () => {
  it('refuses malformed keys without a single store lookup', () => {
    let lookups = 0;
    const auth = createAuthenticator({ keys: { findByDigest: () => (lookups++, null) }, now: () => new Date() });
    const good = generateKey();
    for (const header of ['Bearer nope', `Bearer ${good.slice(0, -1)}${good.endsWith('x') ? 'y' : 'x'}`, `Bearer ${good} extra`]) {
      assert.throws(() => auth.authenticate(header, '10.0.0.1'), (err: unknown) => isServiceError(err) && err.code === 'invalid_api_key' && err.status === 401);
    }
    assert.equal(lookups, 0);
    assert.throws(() => auth.authenticate(`Bearer ${good}`, '10.0.0.1'), /not known/);
    assert.equal(lookups, 1, 'a well-formed key is looked up');
  });
  it('answers missing_api_key where there is no Bearer credential: another scheme, or Bearer with nothing after it', () => {
    let lookups = 0;
    const auth = createAuthenticator({ keys: { findByDigest: () => (lookups++, null) }, now: () => new Date() });
    const good = generateKey();
    for (const header of [`Basic ${good}`, 'Basic dXNlcjpwYXNz', 'Digest username="a"', good, 'Bearer', 'Bearer ', 'Bearer   ']) {
      assert.throws(() => auth.authenticate(header, '10.0.0.1'), (err: unknown) => isServiceError(err) && err.code === 'missing_api_key' && err.status === 401,
        JSON.stringify(header));
    }
    assert.match(String((() => { try { auth.authenticate('Basic x', '10.0.0.1'); } catch (err) { return (err as Error).message; } })()), /not a Bearer credential/);
    assert.equal(lookups, 0);
  });
  it('reads the scheme in any case and one or more spaces or tabs after it (RFC 7235)', () => {
    let lookups = 0;
    const auth = createAuthenticator({ keys: { findByDigest: () => (lookups++, null) }, now: () => new Date() });
    const good = generateKey();
    for (const header of [`Bearer ${good}`, `Bearer  ${good}`, `bearer ${good}`, `BEARER\t${good}`, `Bearer \t ${good}`]) {
      assert.equal(bearerToken(header), good, JSON.stringify(header));
      assert.throws(() => auth.authenticate(header, '10.0.0.1'), /not known/, 'well-formed: looked up');
    }
    assert.equal(lookups, 5);
    assert.deepEqual(readAuthorization('Basic abc'), { bearer: false, token: 'abc' });
    assert.deepEqual([bearerToken('Basic abc'), bearerToken('Bearer'), bearerToken('Bearer  '), bearerToken('Bearerx abc'), bearerToken(undefined)],
      [null, null, null, null, null]);
  });
});
