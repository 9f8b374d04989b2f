import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { echoed, ERROR_STATUS } from '../../models/errors.js';
import { commaList, text } from '../../models/query.js';

describe('echoed', () => {
  it('writes control, zero-width and bidi characters as visible escapes', () => {
    assert.equal(echoed('\u202Eevil'), '\\u202Eevil');
    assert.equal(echoed('a\u202Eb'), 'a\\u202Eb');
    assert.equal(echoed('x\u0000y\u001F\u007F\u0085'), 'x\\u0000y\\u001F\\u007F\\u0085');
    assert.equal(echoed('zero\u200Bwidth\u200D\uFEFF\u2066\u2069\u061C\u2028'), 'zero\\u200Bwidth\\u200D\\uFEFF\\u2066\\u2069\\u061C\\u2028');
    assert.equal(echoed('lone \uD800 surrogate'), 'lone \\uD800 surrogate');
  });
  it('leaves ordinary text of any script alone', () => {
    for (const plain of ['Шегині', 'Rawa Ruska', 'Medyka–Шегині', 'ünïcödé', 'emoji 😀', 'a\\b']) assert.equal(echoed(plain), plain);
  });
  it('cuts before escaping', () => {
    assert.equal(echoed('a'.repeat(100)), 'a'.repeat(40));
    assert.equal(echoed(`${'a'.repeat(63)}\u202E`, 64), `${'a'.repeat(63)}\\u202E`);
  });
  it('is used by list parsers that echo a refused item', () => {
    const r = commaList(text(10), 5, 'too_many').safeParse('ok,a\u202Eb');
    assert.equal(r.success, false);
    assert.match(r.error!.issues[0]!.message, /'a\\u202Eb'/);
    assert.doesNotMatch(r.error!.issues[0]!.message, /\u202E/);
  });
});

describe('error codes', () => {
  it('add 405 and 431 where the contract is silent', () => {
    assert.equal(ERROR_STATUS.method_not_allowed, 405);
    assert.equal(ERROR_STATUS.header_too_large, 431);
  });
});
