import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appWithKey, bearer } from '../../helpers/deps.js';

describe('conditional requests and HEAD', () => {
  it('gives a strong ETag, and 304 for If-None-Match with the usage unchanged', async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const url = '/api/v1/data/queue?ppid=id_129&section=snapshot';
    const first = await app.inject({ url, headers: bearer(key) });
    assert.equal(first.statusCode, 200);
    const etag = first.headers.etag as string;
    assert.match(etag, /^"[A-Za-z0-9_-]{20,}"$/, 'strong (no W/ prefix), quoted');
    assert.equal(first.json().usage.requests_today, 1);

    const again = await app.inject({ url, headers: { ...bearer(key), 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);
    assert.match(again.headers.ratelimit as string, /^"standard";r=9999;t=\d+$/, 'the 304 reports the counter as it stands');

    const weakForm = await app.inject({ url, headers: { ...bearer(key), 'if-none-match': `"other", W/${etag}` } });
    assert.equal(weakForm.statusCode, 304, 'If-None-Match compares weakly and takes a list');

    const changed = await app.inject({ url, headers: { ...bearer(key), 'if-none-match': '"stale"' } });
    assert.equal(changed.statusCode, 200);
    assert.equal(changed.json().usage.requests_today, 2, 'the 304s were not counted; a full answer is');

    const other = await app.inject({ url: '/api/v1/data/queue?ppid=id_119&section=snapshot', headers: bearer(key) });
    assert.notEqual(other.headers.etag, etag, 'another answer, another tag');
  });

  it('does not answer 304 for an error, and counts it as usual', async (t) => {
    const { app, key } = await appWithKey(t);
    const res = await app.inject({ url: '/api/v1/data/queue?ppid=id_999999', headers: { ...bearer(key), 'if-none-match': '*' } });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().usage.requests_today, 1);
    assert.equal(res.headers.etag, undefined);
  });

  it('answers HEAD like GET without a body and without counting it', async (t) => {
    const { app, key } = await appWithKey(t);
    const head = await app.inject({ method: 'HEAD', url: '/api/v1/data/checkpoints?country=2', headers: bearer(key) });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    const get = await app.inject({ url: '/api/v1/data/checkpoints?country=2', headers: bearer(key) });
    assert.equal(get.headers.etag, head.headers.etag);
    assert.equal(get.json().usage.requests_today, 1, 'the HEAD before it was not counted');
  });

  it('keeps a refused key refused on HEAD and 304 paths', async (t) => {
    const { app } = await appWithKey(t);
    const res = await app.inject({ method: 'HEAD', url: '/api/v1/data/checkpoints', headers: { 'if-none-match': '*' } });
    assert.equal(res.statusCode, 401);
  });
});
