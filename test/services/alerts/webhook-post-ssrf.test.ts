/**
 * The delivery cannot be steered into the service's own network: by a redirect, or by DNS answering
 * differently at connection time than at the check. These run with `allowPrivate: false`, as in
 * production, so the first hop has to look public: an https receiver on loopback with a certificate for
 * `hooks.example.com`, `internal.example.com` and 127.0.0.1 (fixtures/, valid 2020-2120), reached through
 * an injected lookup that gives the name a public address (93.184.215.14) and `testNetwork.dial`, which
 * dials loopback for that one address. Every refusal is checked against the receiver's log: the first hop
 * arrived, the refused one never did (and would have, unrefused: the certificate covers it).
 */
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { postWebhook, type PostWebhookOptions } from '../../../services/alerts/webhook-post.js';
import type { LookupAll } from '../../../services/alerts/webhook-url.js';
import { startFeedServer } from '../../helpers/feed-server.js';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const CERT = fixture('receiver-cert.pem');
const KEY = fixture('receiver-key.pem');
const FAKE_PUBLIC = '93.184.215.14';
const BODY = '{"id":"evt_2"}';

/** An https receiver on loopback: each request's path and Host recorded, answered as `answer` says. */
async function startTlsReceiver(t: TestContext, answer: (path: string, port: number) => { status: number; location?: string }) {
  const received: { path: string; host: string }[] = [];
  const server = createServer({ key: KEY, cert: CERT }, (req, res) => {
    received.push({ path: req.url ?? '', host: req.headers.host ?? '' });
    const { status, location } = answer(req.url ?? '', port);
    res.writeHead(status, location ? { location } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t.after(() => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }));
  return { port, received };
}

/** A lookup from a table, counting its calls; a name may answer differently on later calls (`then`). */
function lookupOf(first: Record<string, string[]>, then: Record<string, string[]> = first) {
  const calls: string[] = [];
  const lookup: LookupAll = async (hostname) => {
    const addresses = (calls.includes(hostname) ? then : first)[hostname] ?? [];
    calls.push(hostname);
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}

const production = (lookup: LookupAll): PostWebhookOptions => ({
  allowPrivate: false, userAgent: 'bdds-test/1', timeoutMs: 5_000, lookup,
  testNetwork: { ca: [CERT], dial: (address) => (address === FAKE_PUBLIC ? '127.0.0.1' : address) },
});

describe('webhook delivery: no way inside', () => {
  it('delivers over TLS to the checked address, verifying the certificate for the host name', async (t) => {
    const receiver = await startTlsReceiver(t, (path, port) => path === '/hook'
      ? { status: 307, location: `https://hooks.example.com:${port}/moved` } : { status: 200 });
    const { lookup } = lookupOf({ 'hooks.example.com': [FAKE_PUBLIC] });
    const attempt = await postWebhook({ url: `https://hooks.example.com:${receiver.port}/hook` }, BODY, {}, production(lookup));
    assert.deepEqual([attempt.ok, attempt.status, attempt.error], [true, 200, null]);
    assert.deepEqual(receiver.received, [
      { path: '/hook', host: `hooks.example.com:${receiver.port}` },
      { path: '/moved', host: `hooks.example.com:${receiver.port}` },
    ]);
  });

  it('refuses a redirect to an inside address, after a first hop that was allowed', async (t) => {
    const receiver = await startTlsReceiver(t, (path, port) => path === '/hook'
      ? { status: 307, location: `https://127.0.0.1:${port}/internal` } : { status: 200 });
    const { lookup } = lookupOf({ 'hooks.example.com': [FAKE_PUBLIC] });
    const attempt = await postWebhook({ url: `https://hooks.example.com:${receiver.port}/hook` }, BODY, {}, production(lookup));
    assert.deepEqual([attempt.ok, attempt.status, attempt.error], [false, null, 'private_address']);
    assert.match(attempt.detail!, /^redirected: 127\.0\.0\.1 /);
    assert.deepEqual(receiver.received.map((r) => r.path), ['/hook'], 'the inside URL was never asked');
  });

  it('refuses a redirect to a name with any inside address, and a redirect down to http', async (t) => {
    let next = '';
    const receiver = await startTlsReceiver(t, (path) => (path === '/hook' ? { status: 308, location: next } : { status: 200 }));
    const { lookup } = lookupOf({ 'hooks.example.com': [FAKE_PUBLIC], 'internal.example.com': [FAKE_PUBLIC, '10.0.0.7'] });
    next = `https://internal.example.com:${receiver.port}/internal`;
    const mixed = await postWebhook({ url: `https://hooks.example.com:${receiver.port}/hook` }, BODY, {}, production(lookup));
    assert.deepEqual([mixed.ok, mixed.error], [false, 'private_address']);
    assert.match(mixed.detail!, /10\.0\.0\.7/);
    const plain = await startFeedServer(t);
    next = `${plain.url.replace('127.0.0.1', 'hooks.example.com')}/downgraded`;
    const downgraded = await postWebhook({ url: `https://hooks.example.com:${receiver.port}/hook` }, BODY, {}, production(lookup));
    assert.deepEqual([downgraded.ok, downgraded.error], [false, 'not_https']);
    assert.deepEqual(receiver.received.map((r) => r.path), ['/hook', '/hook']);
    assert.equal(plain.requests.length, 0);
  });

  it('connects to the address it checked, whatever DNS answers afterwards (no rebinding)', async (t) => {
    const receiver = await startTlsReceiver(t, () => ({ status: 200 }));
    // Checked: public. Asked again, the name would now point inside, at the receiver itself.
    const { lookup, calls } = lookupOf({ 'hooks.example.com': [FAKE_PUBLIC] }, { 'hooks.example.com': ['127.0.0.1'] });
    const attempt = await postWebhook({ url: `https://hooks.example.com:${receiver.port}/hook` }, BODY, {}, production(lookup));
    assert.equal(attempt.ok, true);
    assert.deepEqual(calls, ['hooks.example.com'], 'DNS asked once, for the check');
  });

  it('pins plain http as well: a second answer pointing elsewhere is never used', async (t) => {
    const receiver = await startFeedServer(t);
    const port = new URL(receiver.url).port;
    // Nothing listens on 127.0.0.2: a connection that looked the name up again would be refused.
    const { lookup, calls } = lookupOf({ 'hooks.example.com': ['127.0.0.1'] }, { 'hooks.example.com': ['127.0.0.2'] });
    const attempt = await postWebhook({ url: `http://hooks.example.com:${port}/hook` }, BODY, {}, {
      allowPrivate: true, userAgent: 'bdds-test/1', timeoutMs: 5_000, lookup,
    });
    assert.deepEqual([attempt.ok, attempt.error], [true, null]);
    assert.deepEqual(calls, ['hooks.example.com']);
    assert.equal(receiver.requests[0]!.headers.host, `hooks.example.com:${port}`);
  });

  it('fails as tls when the certificate is not trusted', async (t) => {
    const receiver = await startTlsReceiver(t, () => ({ status: 200 }));
    const attempt = await postWebhook({ url: `https://127.0.0.1:${receiver.port}/` }, BODY, {}, { allowPrivate: true, userAgent: 'bdds-test/1' });
    assert.deepEqual([attempt.ok, attempt.status, attempt.error], [false, null, 'tls']);
    assert.equal(receiver.received.length, 0);
  });
});
