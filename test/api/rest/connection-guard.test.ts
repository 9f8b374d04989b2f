import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../api/config.js';
import { addressKey, installConnectionGuard, type ConnectionGuard } from '../../../api/rest/connection-guard.js';
import { startServer } from '../../../api/server.js';
import { captureLogger, tempDir } from '../../helpers/deps.js';
import { seededStore } from '../../helpers/store-templates.js';

// Linux routes all of 127.0.0.0/8 to loopback: a client socket bound to 127.0.0.2 (or .3) is another address.
const OTHER = '127.0.0.2';
const THIRD = '127.0.0.3';

interface Held {
  socket: Socket;
  closed: boolean;
}

/** Opens `n` sockets from `localAddress` that send nothing (idle); resolves once all are connected. */
async function openIdle(clients: Held[], port: number, n: number, localAddress = '127.0.0.1', host = '127.0.0.1'): Promise<Held[]> {
  const held = await Promise.all(Array.from({ length: n }, () => new Promise<Held>((resolve, reject) => {
    const socket = connect({ port, host, localAddress });
    const h: Held = { socket, closed: false };
    clients.push(h);
    socket.on('close', () => (h.closed = true));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve(h);
    });
  })));
  return held;
}

/** Polls until `check` holds (the server handles a connection after the client sees it connected). */
async function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A GET on a fresh connection from `localAddress`: the status, or the error code when the socket was closed. */
function getFrom(url: string, localAddress: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

const closedCount = (held: Held[]) => held.filter((h) => h.closed).length;
const handled = (guard: ConnectionGuard) => guard.stats().accepted + guard.stats().refused;

describe('connection guard', () => {
  it('on a real listener: limits connections per address, frees room as they close, sheds idle ones near the cap', async (t) => {
    const config = loadConfig({ BDDS_PORT: '0', BDDS_DB: seededStore(tempDir(t)), BDDS_NOW: '2026-11-22T10:00:00Z', BDDS_THREADS: '1', BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off', BDDS_MAX_CONNECTIONS_PER_ADDRESS: '30' });
    // A cap of 40 (shedding above 90 %, 36 open) and 30 per address (from the configuration).
    const server = await startServer(config, { log: captureLogger().log, engine: { lazy: true }, connections: { maxConnections: 40 } });
    const clients: Held[] = [];
    // Sockets that never sent a byte are not idle to Node (closing would wait for their time-out): ours go first.
    t.after(async () => {
      clients.forEach((h) => h.socket.destroy());
      await server.close();
    });
    const guard = server.connections;
    const port = Number(new URL(server.url).port);
    const status = `${server.url}/api/v1/data/status`;
    assert.equal(server.app.server.maxConnections, 40, 'the guard sets the global cap');
    let survivors: Held[] = [];
    let later: Held[] = [];

    await t.test('(a) connections over the per-address limit are closed at once; (b) another address is served', async () => {
      const held = await openIdle(clients, port, 36);
      await until(() => handled(guard) === 36, 'the server has seen every connection');
      assert.deepEqual({ accepted: guard.stats().accepted, refused: guard.stats().refused }, { accepted: 30, refused: 6 });
      await until(() => closedCount(held) === 6, 'the six extra sockets are closed');
      assert.equal(guard.openFrom('127.0.0.1'), 30);
      // A request on one more connection from that address: cut before it is read.
      assert.match(String(await getFrom(status, '127.0.0.1')), /^(ECONNRESET|EPIPE)$/);
      assert.equal(await getFrom(status, OTHER), 200);
      assert.equal(closedCount(held), 6, 'the connections within the limit were left open');
      survivors = held.filter((h) => !h.closed);
    });

    await t.test('(d) closing connections uncounts them: the address may open as many again, and no more', async () => {
      survivors.splice(0, 10).forEach((h) => h.socket.destroy());
      await until(() => guard.openFrom('127.0.0.1') === 20, 'the server has seen the ten sockets close');
      const refused = guard.stats().refused;
      later = await openIdle(clients, port, 10);
      await until(() => guard.openFrom('127.0.0.1') === 30, 'the ten new sockets are counted');
      assert.equal(guard.stats().refused, refused, 'none refused');
      const oneMore = await openIdle(clients, port, 1);
      await until(() => oneMore[0]!.closed, 'the one over the limit is closed');
      assert.equal(guard.stats().refused, refused + 1);
      assert.equal(closedCount([...survivors, ...later]), 0);
    });

    await t.test('(c) near the cap, the oldest idle sockets of the address holding the most are shed, and a new client is served', async () => {
      assert.equal(guard.stats().open, 30);
      // Without shedding these 10 would fill the cap (40) and Node would refuse the next client at the socket.
      const other = await openIdle(clients, port, 10, OTHER);
      await until(() => guard.openFrom(OTHER) === 10, 'the server has seen the ten sockets');
      assert.deepEqual({ open: guard.stats().open, shed: guard.stats().shed }, { open: 36, shed: 4 });
      await until(() => closedCount(survivors) === 4, 'four of the oldest sockets from 127.0.0.1 are closed');
      // A client from a third address is served: its connection made room by shedding one more.
      assert.equal(await getFrom(status, THIRD), 200);
      assert.equal(guard.stats().shed, 5);
      await until(() => closedCount(survivors) === 5, 'five of the oldest sockets from 127.0.0.1 are closed');
      assert.equal(closedCount(later), 0, 'the newer sockets of that address were kept');
      assert.equal(closedCount(other), 0, 'the address with fewer idle sockets kept all of them');
      assert.equal(guard.openFrom('127.0.0.1'), 25);
    });

    // Every socket closed: every count back to zero.
    clients.forEach((h) => h.socket.destroy());
    await until(() => guard.stats().open === 0, 'all connections are uncounted');
    const { idle, addresses } = guard.stats();
    assert.deepEqual({ idle, addresses }, { idle: 0, addresses: 0 });
  });

  it('does not limit per address behind a trusted proxy (every client has its address), and counts ::ffff:-mapped IPv4 as IPv4', async (t) => {
    assert.equal(addressKey('::ffff:10.1.2.3'), '10.1.2.3');
    assert.equal(addressKey('::FFFF:10.1.2.3'), '10.1.2.3');
    assert.equal(addressKey('::ffff:a01:203'), '::ffff:a01:203');
    assert.equal(addressKey('2001:db8::1'), '2001:db8::1');
    assert.equal(loadConfig({}).maxConnectionsPerAddress, null, 'unset: the server default');
    assert.throws(() => loadConfig({ BDDS_MAX_CONNECTIONS_PER_ADDRESS: '0' }), /BDDS_MAX_CONNECTIONS_PER_ADDRESS/);

    const listen = async (behindProxy: boolean, host: string) => {
      const http: Server = createServer((_req, res) => res.end('ok'));
      const guard = installConnectionGuard(http, { maxConnections: 100, maxPerAddress: 3, behindProxy });
      await new Promise<void>((resolve, reject) => http.once('error', reject).listen(0, host, resolve));
      t.after(() => new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }));
      return { guard, port: (http.address() as { port: number }).port };
    };
    const clients: Held[] = [];
    t.after(() => clients.forEach((h) => h.socket.destroy()));
    const proxied = await listen(true, '127.0.0.1');
    const held = await openIdle(clients, proxied.port, 8);
    await until(() => handled(proxied.guard) === 8, 'the server has seen the 8 sockets');
    assert.equal(proxied.guard.stats().refused, 0);
    assert.equal(closedCount(held), 0);

    // A dual-stack listener sees IPv4 clients as ::ffff:127.0.0.1: still one address, limited as such.
    let dual;
    try {
      dual = await listen(false, '::');
    } catch {
      t.diagnostic('no IPv6 here: the dual-stack check is skipped');
      return;
    }
    const mapped = await openIdle(clients, dual.port, 5);
    await until(() => handled(dual.guard) === 5, 'the server has seen the 5 sockets');
    assert.equal(dual.guard.openFrom('127.0.0.1'), 3);
    assert.equal(dual.guard.openFrom('::ffff:127.0.0.1'), 3);
    assert.equal(dual.guard.stats().refused, 2);
    await until(() => closedCount(mapped) === 2, 'the two extra sockets are closed');
  });
});
