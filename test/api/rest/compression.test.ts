/** Answers compressed where the client asks: the same envelope, fewer bytes; small and precompressed answers as they are. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gunzipSync, inflateSync } from 'node:zlib';
import { appWithKey } from '../../helpers/deps.js';

describe('compression', () => {
  it('gzips a product answer of 1 KB or more where Accept-Encoding asks, and sends it plain otherwise', async (t) => {
    const { app, key } = await appWithKey(t);
    const url = '/api/v1/data/checkpoints?country=PL';
    const headers = { authorization: `Bearer ${key}` };
    const plain = await app.inject({ url, headers });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: plain');
    const zipped = await app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(zipped.headers['content-encoding'], 'gzip', 'gzip before deflate; brotli is not offered');
    assert.match(String(zipped.headers.vary), /accept-encoding/i);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    const body = plain.json();
    assert.deepEqual({ ...unzipped, usage: null }, { ...body, usage: null }, 'the same envelope (only the usage counter moved)');
    assert.ok(zipped.rawPayload.length * 4 < plain.rawPayload.length, `${zipped.rawPayload.length} of ${plain.rawPayload.length} bytes`);
    assert.equal(zipped.headers.etag, plain.headers.etag, 'the entity tag is the answer\'s');
    const deflated = await app.inject({ url, headers: { ...headers, 'accept-encoding': 'deflate' } });
    assert.deepEqual(JSON.parse(inflateSync(deflated.rawPayload).toString('utf8')).data, body.data);
  });

  it('leaves a small answer, a 304 and what is compressed already as they are', async (t) => {
    const { app, key } = await appWithKey(t);
    const small = await app.inject({ url: '/api/v1/data/nope', headers: { 'accept-encoding': 'gzip' } });
    assert.ok(small.rawPayload.length < 1024);
    assert.equal(small.headers['content-encoding'], undefined, 'under 1 KB: plain');
    const headers = { authorization: `Bearer ${key}`, 'accept-encoding': 'gzip' };
    const first = await app.inject({ url: '/api/v1/data/checkpoints?country=PL', headers });
    const again = await app.inject({ url: '/api/v1/data/checkpoints?country=PL', headers: { ...headers, 'if-none-match': String(first.headers.etag) } });
    assert.deepEqual([again.statusCode, again.rawPayload.length], [304, 0]);
    const doc = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(doc.headers['content-encoding'], 'gzip');
    assert.ok(JSON.parse(gunzipSync(doc.rawPayload).toString('utf8')).openapi, 'compressed once, not twice');
  });

  it("keeps tRPC's status and headers where a client asks for gzip: /trpc and the dashboard's", async (t) => {
    const { app, key } = await appWithKey(t);
    const input = encodeURIComponent(JSON.stringify({ ppid: 'id_999999' }));
    const missing = await app.inject({ url: `/trpc/queue?input=${input}`, headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'gzip' } });
    assert.equal(missing.statusCode, 404);
    assert.match(String(missing.headers['content-type']), /application\/json/);
    const listed = await app.inject({ url: `/trpc/checkpoints?input=${encodeURIComponent('{"country":"PL"}')}`, headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'gzip' } });
    assert.equal(listed.statusCode, 200);
    assert.equal(listed.headers['content-encoding'], 'gzip');
    assert.ok(JSON.parse(gunzipSync(listed.rawPayload).toString('utf8')).result.data.data.count > 0);
    const dashboard = await app.inject({ url: `/dashboard/trpc/queue?input=${input}`, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(dashboard.statusCode, 401, 'no session: refused, and it says so');
  });
});
