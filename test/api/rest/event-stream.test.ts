/**
 * `queue-stream` over a real listener: the snapshot, a reading imported by another connection arriving as
 * an event, resuming with Last-Event-ID, the per-key limit, and the end on revocation.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { runCli } from '../../helpers/cli.js';
import { buildTestApp, FIXED_NOW, makeKey } from '../../helpers/deps.js';

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** An SSE client over fetch: `next()` waits for the next event (null once the stream has ended). */
function openStream(url: string, headers: Record<string, string>) {
  const events: SseEvent[] = [];
  const waiters: ((e: SseEvent | null) => void)[] = [];
  let ended = false;
  const abort = new AbortController();
  const deliver = (event: SseEvent | null) => {
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else if (event) events.push(event);
  };
  const response = fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  void response.then(async (res) => {
    if (res.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.startsWith(':')) continue;
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(': ');
            (event as Record<string, string>)[line.slice(0, colon)] = line.slice(colon + 2);
          }
          deliver(event);
        }
      }
    } catch {
      // aborted by close()
    }
    ended = true;
    for (const w of waiters.splice(0)) w(null);
  });
  return {
    response,
    next: (): Promise<SseEvent | null> => (events.length > 0 ? Promise.resolve(events.shift()!) : ended ? Promise.resolve(null) : new Promise((r) => waiters.push(r))),
    close: () => abort.abort(),
  };
}

async function setup(t: TestContext, options: Parameters<typeof buildTestApp>[1] = {}) {
  const built = await buildTestApp(t, options);
  const url = await built.app.listen({ host: '127.0.0.1', port: 0 });
  const { key, record } = makeKey(built.deps, { plan: 'payg', limits: { qps: 10_000 } });
  const path = join(built.dir, 'bdds.sqlite');
  let n = 0;
  const importWait = async (ppid: string, agoMin: number, wait: number) => {
    const file = join(built.dir, `r${++n}.csv`);
    writeFileSync(file, `ppid,time,wait_min,source\n${ppid},${new Date(Date.parse(FIXED_NOW) - agoMin * 60_000).toISOString()},${wait},my-feed\n`);
    assert.equal((await runCli(['import', 'csv', file], { BDDS_DB: path, BDDS_NOW: FIXED_NOW })).status, 0);
    built.deps.versions.poll();
  };
  return { ...built, url, key, keyId: record.id, importWait };
}

test('a stream sends the snapshot, then each imported reading as an event; a reconnect resumes after its last id', async (t) => {
  const { url, key, importWait } = await setup(t);
  await importWait('id_219', 60, 300);
  const stream = openStream(`${url}/api/v1/data/queue-stream?ppid=id_219,id_229`, { authorization: `Bearer ${key}` });
  const res = await stream.response;
  assert.equal(res.status, 200);
  assert.match(String(res.headers.get('content-type')), /^text\/event-stream/);
  // The headers every response has: a page on another site can read the stream, and the id names the call.
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.match(String(res.headers.get('access-control-expose-headers')), /X-Request-Id/);
  assert.match(String(res.headers.get('x-request-id')), /\S/);
  assert.ok(res.headers.get('ratelimit'), 'the rate-limit headers still go out');
  const snapshot = await stream.next();
  assert.equal(snapshot!.event, 'snapshot');
  const envelope = JSON.parse(snapshot!.data!);
  assert.equal(envelope.ok, true);
  assert.equal(envelope.usage.requests_today, 1, 'counted once for the connection');
  assert.deepEqual(envelope.data.readings.map((r: { wait_min: number }) => r.wait_min), [300]);
  assert.deepEqual(envelope.data.without_readings, ['id_229']);
  const firstId = snapshot!.id!;
  assert.equal(firstId, `${Date.parse(FIXED_NOW) / 1000 - 3600}-id_219`);

  await importWait('id_219', 30, 120);
  const reading = await stream.next();
  assert.equal(reading!.event, 'reading');
  assert.equal(JSON.parse(reading!.data!).wait_min, 120);
  assert.equal(reading!.id, `${Date.parse(FIXED_NOW) / 1000 - 1800}-id_219`);
  await importWait('id_229', 20, 45);
  const other = await stream.next();
  assert.equal(JSON.parse(other!.data!).ppid, 'id_229');
  // A reading stored late, older than id_229's just sent but newer than id_219's: still an event.
  await importWait('id_219', 25, 90);
  const late = await stream.next();
  assert.deepEqual([late!.event, JSON.parse(late!.data!).ppid, JSON.parse(late!.data!).wait_min], ['reading', 'id_219', 90]);
  assert.equal(late!.id, `${Date.parse(FIXED_NOW) / 1000 - 1500}-id_219`);
  stream.close();

  // Without Accept: text/event-stream it answers once, as JSON.
  const once = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(once.status, 200);
  assert.deepEqual(((await once.json()) as { data: { readings: { wait_min: number }[] } }).data.readings.map((r) => r.wait_min), [90]);

  // HEAD is answered like GET without a stream (it would never end), and not counted.
  const head = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { method: 'HEAD', headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  assert.equal(head.status, 200);
  assert.match(String(head.headers.get('content-type')), /^application\/json/);

  // Reconnecting with the snapshot's id: the three readings since, in time order, and no snapshot.
  const resumed = openStream(`${url}/api/v1/data/queue-stream?ppid=id_219,id_229`, { authorization: `Bearer ${key}`, 'last-event-id': firstId });
  const since = [await resumed.next(), await resumed.next(), await resumed.next()];
  assert.deepEqual(since.map((e) => [e!.event, JSON.parse(e!.data!).wait_min]), [['reading', 120], ['reading', 90], ['reading', 45]]);
  resumed.close();
});

test('a key holds at most 5 streams; a bad request is a JSON error; revoking the key ends its streams', async (t) => {
  const { url, key, keyId, deps } = await setup(t);
  const bad = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_0214`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { error: { reason: string } }).error.reason, 'malformed_ppid');
  const streams = [];
  for (let i = 0; i < 5; i++) {
    const s = openStream(`${url}/api/v1/data/queue-stream?ppid=id_219`, { authorization: `Bearer ${key}` });
    assert.equal((await s.response).status, 200);
    assert.equal((await s.next())!.event, 'snapshot');
    streams.push(s);
  }
  const sixth = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  assert.equal(sixth.status, 429);
  assert.equal(((await sixth.json()) as { error: { reason: string } }).error.reason, 'too_many_streams');

  deps.repos.keys.revoke(keyId, FIXED_NOW);
  for (const s of streams) {
    const last = await s.next();
    assert.equal(last!.event, 'error');
    assert.equal(JSON.parse(last!.data!).reason, 'revoked');
    assert.equal(await s.next(), null, 'the stream ends');
  }
});

test('streams opened together are held to the limit too, and a refused call gives its slot back', async (t) => {
  const { url, key } = await setup(t);
  const opened = Array.from({ length: 7 }, () => openStream(`${url}/api/v1/data/queue-stream?ppid=id_219`, { authorization: `Bearer ${key}` }));
  const statuses = (await Promise.all(opened.map((s) => s.response))).map((r) => r.status).sort();
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
  for (const s of opened) s.close();
});

/** Opens `n` streams with `headers` and waits for each one's snapshot. */
async function holdStreams(url: string, headers: Record<string, string>, n: number) {
  const streams = [];
  for (let i = 0; i < n; i++) {
    const s = openStream(`${url}/api/v1/data/queue-stream?ppid=id_219`, headers);
    assert.equal((await s.response).status, 200);
    assert.equal((await s.next())!.event, 'snapshot');
    streams.push(s);
  }
  return streams;
}

test('the too_many_streams 429 carries the key\'s rate-limit headers and Retry-After, as every other 429 does', async (t) => {
  const { url, key } = await setup(t);
  const streams = await holdStreams(url, { authorization: `Bearer ${key}` }, 5);
  const sixth = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  assert.equal(sixth.status, 429);
  const body = (await sixth.json()) as { error: { code: string; reason: string }; usage?: unknown };
  assert.deepEqual([body.error.code, body.error.reason], ['qps_exceeded', 'too_many_streams']);
  assert.equal(sixth.headers.get('retry-after'), '5');
  assert.equal(sixth.headers.get('ratelimit-policy'), '"standard";q=10000;w=86400, "qps";q=10000;w=1');
  // The daily counter as it stands (the refusal is not counted): the five streams, one unit each.
  assert.match(String(sixth.headers.get('ratelimit')), /^"standard";r=9995;t=\d+$/);
  assert.equal(sixth.headers.get('x-devapi-units'), '0');
  for (const s of streams) s.close();
});

test('the per-key limit holds whichever form the key comes in (Authorization, X-API-Key, ?key=)', async (t) => {
  const { url, key } = await setup(t);
  const streams = await holdStreams(url, { authorization: `Bearer ${key}` }, 5);
  for (const [query, headers] of [
    ['', { authorization: `bearer   ${key}` }],
    ['', { 'x-api-key': key }],
    [`&key=${key}`, {}],
  ] as const) {
    const res = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219${query}`, { headers: { ...headers, accept: 'text/event-stream' } });
    assert.equal(res.status, 429, `${JSON.stringify(headers)}${query}`);
    assert.equal(((await res.json()) as { error: { reason: string } }).error.reason, 'too_many_streams');
  }
  for (const s of streams) s.close();
});

test('a key that holds 5 streams but is no longer valid gets its 403, never the 429; no key gets its 401', async (t) => {
  // Two failed authentications allowed per address: the refusals below count as any call's failures do.
  const { url, deps, setNow } = await setup(t, { failedAuth: { max: 2, windowMs: 3_600_000 } });
  const expiresAt = new Date(Date.parse(FIXED_NOW) + 60_000);
  const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 10_000 }, expiresAt });
  const streams = await holdStreams(url, { authorization: `Bearer ${key}` }, 5);
  const sixth = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  assert.equal(sixth.status, 429, 'the five streams are held: a sixth is past the limit');
  await sixth.body?.cancel();
  // Expired while its streams are open (they end at the next heartbeat): a new call is refused for the key.
  setNow(Date.parse(FIXED_NOW) + 120_000);
  const after = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  assert.equal(after.status, 403);
  const { error } = (await after.json()) as { error: { code: string; reason: string } };
  assert.deepEqual([error.code, error.reason], ['invalid_api_key', 'expired']);
  // The refusal identified the caller as the pipeline does, failures counted against the address: the second
  // expired call is the second failure, the third is past the limit.
  const again = async () => fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  assert.equal((await again()).status, 403);
  const blocked = await again();
  assert.equal(blocked.status, 429);
  assert.equal(((await blocked.json()) as { error: { reason: string } }).error.reason, 'too_many_failed_authentications');
  const none = await fetch(`${url}/api/v1/data/queue-stream?ppid=id_219`, { headers: { accept: 'text/event-stream' } });
  assert.equal(none.status, 401);
  assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="bdds"');
  for (const s of streams) s.close();
});
