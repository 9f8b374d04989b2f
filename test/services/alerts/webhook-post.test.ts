import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { MAX_RESPONSE_BYTES } from '../../../services/alerts/pinned-request.js';
import { postWebhook, type PostWebhookOptions } from '../../../services/alerts/webhook-post.js';
import { startFeedServer } from '../../helpers/feed-server.js';

const BODY = '{"id":"evt_1","type":"queue.threshold_crossed","ppid":125,"wait_min":95}';
const HEADERS = { 'bdds-signature': 't=1790000000,v1=00', 'bdds-event-id': 'evt_1' };
const LOCAL: PostWebhookOptions = { allowPrivate: true, userAgent: 'bdds-test/1 (alerts)', timeoutMs: 5_000 };

/** A plain server on loopback that runs `handle`, closed with the test. */
async function listen(t: TestContext, handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('webhook delivery: answers', () => {
  it('POSTs the body with the caller headers and the User-Agent; a 2xx is a delivery', async (t) => {
    const receiver = await startFeedServer(t);
    receiver.reply({ kind: 'body', status: 204, body: '' });
    const attempt = await postWebhook({ url: `${receiver.url}/hooks/bdds` }, BODY, HEADERS, LOCAL);
    assert.deepEqual([attempt.ok, attempt.status, attempt.error, attempt.detail], [true, 204, null, null]);
    assert.ok(attempt.durationMs >= 0);
    const [received] = receiver.requests;
    assert.deepEqual([received!.method, received!.path, received!.body], ['POST', '/hooks/bdds', BODY]);
    assert.equal(received!.headers['user-agent'], 'bdds-test/1 (alerts)');
    assert.equal(received!.headers['bdds-signature'], HEADERS['bdds-signature']);
    assert.equal(received!.headers['content-type'], 'application/json');
    assert.equal(received!.headers['content-length'], String(Buffer.byteLength(BODY)));
  });

  it('fails with the status on anything but 2xx', async (t) => {
    const receiver = await startFeedServer(t);
    for (const status of [500, 404, 410, 304]) {
      receiver.reply({ kind: 'body', status, body: 'no' });
      const attempt = await postWebhook({ url: receiver.url }, BODY, HEADERS, LOCAL);
      assert.deepEqual([attempt.ok, attempt.status, attempt.error], [false, status, 'http_status'], String(status));
    }
  });

  it('cuts off a receiver that never answers, and one that trickles its answer, at the time budget', async (t) => {
    const receiver = await startFeedServer(t);
    receiver.reply({ kind: 'hang' });
    const silent = await postWebhook({ url: receiver.url }, BODY, HEADERS, { ...LOCAL, timeoutMs: 300 });
    assert.deepEqual([silent.ok, silent.status, silent.error], [false, null, 'timeout']);
    // The status line comes at once, then a byte every 50 ms: the budget covers the body too.
    receiver.reply({ kind: 'trickle', body: 'x'.repeat(200), everyMs: 50 });
    const trickled = await postWebhook({ url: receiver.url }, BODY, HEADERS, { ...LOCAL, timeoutMs: 300 });
    assert.deepEqual([trickled.ok, trickled.status, trickled.error], [false, null, 'timeout']);
    assert.equal(receiver.requests.length, 2);
  });

  it('reads no more than 64 KiB of an answer: an endless 200 is still a delivery', async (t) => {
    let sent = 0;
    const url = await listen(t, (_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const timer = setInterval(() => { sent += chunk.length; res.write(chunk); }, 5);
      res.on('close', () => clearInterval(timer));
    });
    const attempt = await postWebhook({ url }, BODY, HEADERS, LOCAL);
    assert.deepEqual([attempt.ok, attempt.status, attempt.error], [true, 200, null]);
    assert.ok(sent > MAX_RESPONSE_BYTES, 'the receiver sent more than is read');
  });

  it('fails as network for a refused connection or an answer cut short', async (t) => {
    // A port that was free a moment ago: nothing listens there.
    const refusedUrl = await new Promise<string>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}/`));
      });
    });
    const refused = await postWebhook({ url: refusedUrl }, BODY, HEADERS, LOCAL);
    assert.deepEqual([refused.ok, refused.status, refused.error], [false, null, 'network']);
    assert.match(refused.detail!, /ECONNREFUSED/);

    const receiver = await startFeedServer(t);
    receiver.reply({ kind: 'cut', body: 'partial', declaredBytes: 1_000 });
    const cut = await postWebhook({ url: receiver.url }, BODY, HEADERS, LOCAL);
    assert.deepEqual([cut.ok, cut.status, cut.error], [false, null, 'network']);
  });

  it('refuses a URL it may not send to before connecting anywhere', async (t) => {
    const receiver = await startFeedServer(t);
    const refused = await postWebhook({ url: receiver.url }, BODY, HEADERS, { ...LOCAL, allowPrivate: false });
    assert.deepEqual([refused.ok, refused.status, refused.error], [false, null, 'not_https']);
    const unresolvable = await postWebhook({ url: 'https://nowhere.example.com/' }, BODY, HEADERS, {
      ...LOCAL, allowPrivate: false, lookup: async () => { throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' }); },
    });
    assert.deepEqual([unresolvable.error, unresolvable.detail], ['unresolvable', 'nowhere.example.com did not resolve (ENOTFOUND)']);
    assert.equal(receiver.requests.length, 0);
  });
});

describe('webhook delivery: redirects', () => {
  it('follows a 307 or 308, POSTing the same body and headers to the new URL', async (t) => {
    const receiver = await startFeedServer(t);
    receiver.reply((r) => r.path === '/old'
      ? { kind: 'body', status: 307, body: '', headers: { location: '/moved' } }
      : r.path === '/moved' ? { kind: 'body', status: 308, body: '', headers: { location: `${receiver.url}/final` } }
        : { kind: 'body', status: 200, body: '{}' });
    const attempt = await postWebhook({ url: `${receiver.url}/old` }, BODY, HEADERS, LOCAL);
    assert.deepEqual([attempt.ok, attempt.status], [true, 200]);
    assert.deepEqual(receiver.requests.map((r) => [r.method, r.path, r.body, r.headers['bdds-signature']]), [
      ['POST', '/old', BODY, HEADERS['bdds-signature']],
      ['POST', '/moved', BODY, HEADERS['bdds-signature']],
      ['POST', '/final', BODY, HEADERS['bdds-signature']],
    ]);
  });

  it('treats 301, 302 and 303 as a failure, since they would turn the POST into a GET', async (t) => {
    const receiver = await startFeedServer(t);
    for (const status of [301, 302, 303]) {
      receiver.reply({ kind: 'body', status, body: '', headers: { location: '/elsewhere' } });
      const attempt = await postWebhook({ url: `${receiver.url}/hook` }, BODY, HEADERS, LOCAL);
      assert.deepEqual([attempt.ok, attempt.status, attempt.error], [false, status, 'redirect_changes_method']);
    }
    assert.deepEqual(receiver.requests.map((r) => r.path), ['/hook', '/hook', '/hook'], 'the redirect target is never asked');
  });

  it('stops after maxRedirects, and at a redirect without a Location', async (t) => {
    const receiver = await startFeedServer(t);
    receiver.reply({ kind: 'body', status: 307, body: '', headers: { location: '/again' } });
    const looped = await postWebhook({ url: receiver.url }, BODY, HEADERS, { ...LOCAL, maxRedirects: 2 });
    assert.deepEqual([looped.ok, looped.status, looped.error], [false, 307, 'too_many_redirects']);
    assert.equal(receiver.requests.length, 3, 'the first request and two redirects');
    receiver.reply({ kind: 'body', status: 308, body: '' });
    const nowhere = await postWebhook({ url: receiver.url }, BODY, HEADERS, LOCAL);
    assert.equal(nowhere.error, 'redirect_without_location');
  });
});
